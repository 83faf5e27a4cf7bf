import fs from 'node:fs';
import path from 'node:path';

/** The raw .eml messages in an outbox folder sent to one address, oldest first. */
export function readOutbox(outboxDir: string, to: string): string[] {
  if (!fs.existsSync(outboxDir)) return [];
  const safeTo = to.replace(/[^a-zA-Z0-9@._-]/g, '_');
  return fs
    .readdirSync(outboxDir)
    .filter((file) => file.endsWith(`-${safeTo}.eml`))
    .sort()
    .map((file) => fs.readFileSync(path.join(outboxDir, file), 'utf8'));
}

/** The six-digit code in the newest message to this address (optionally with this subject). */
export function lastCode(outboxDir: string, to: string, subject?: string): string {
  const messages = readOutbox(outboxDir, to).filter((m) => !subject || m.includes(`Subject: ${subject}`));
  const code = messages.at(-1)?.match(/^(\d{6})$/m)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** The newest message to this address: its subject and its raw text with quoted-printable undone, or undefined. */
export function lastMessage(outboxDir: string, to: string): { subject: string; text: string } | undefined {
  const raw = readOutbox(outboxDir, to).at(-1);
  if (!raw) return undefined;
  return { subject: /^Subject: (.*)$/m.exec(raw)?.[1]?.trim() ?? '', text: undoQuotedPrintable(raw) };
}

/** A raw message's text with quoted-printable soft line breaks and escapes undone, so URLs read whole. */
export function undoQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A text as the SMS outbox writes it (sms/sms.ts). */
export type OutboxText = { id: string; to: string; text: string; purpose: string; accountId?: string | null };

/** The texts in a data directory's SMS outbox (DATA_DIR/outbox/sms) to one number (`2567XXXXXXXX`), oldest first. */
export function readSmsOutbox(dataDir: string, to: string): OutboxText[] {
  const dir = path.join(dataDir, 'outbox', 'sms');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(`-${to}.json`))
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as OutboxText)
    .sort((a, b) => sentOrder(a.id) - sentOrder(b.id) || a.id.localeCompare(b.id));
}

/** The outbox id's time (`outbox-<ms>-<sequence>`) and sequence, as one number that orders the texts. */
const sentOrder = (id: string) => {
  const [, ms = '0', sequence = '0'] = id.split('-');
  return Number(ms) * 1000 + Number(sequence);
};

/** The six-digit code in the newest text to this number. */
export function lastTextedCode(dataDir: string, to: string): string {
  const code = readSmsOutbox(dataDir, to)
    .at(-1)
    ?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the SMS outbox for ${to}`);
  return code;
}
