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
