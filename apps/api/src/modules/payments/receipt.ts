import { formatDateTimeWithZone } from '@sente/contracts/dates';
import { CHANNEL_LABELS, formatLocalPhone } from '@sente/contracts/payments';
import { escapeHtml } from '../../lib/rich-text.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import type { CollectionRecord } from './repository.ts';

const ugx = (amount: number) => `UGX ${amount.toLocaleString('en-US')}`;

/** The payer's receipt: what was paid, to whom, how, and for a digital item the download link and the seller's note. */
export function receiptMail(input: {
  to: string;
  merchant: string;
  title: string;
  collection: CollectionRecord;
  downloadUrl: string | null;
  downloadExpiresAt: Date | null;
  buyerNote: string | null;
}): MailMessage {
  const { collection } = input;
  const paidWith = collection.msisdn
    ? `${CHANNEL_LABELS[collection.channel]} ${formatLocalPhone(collection.msisdn)}`
    : `Card ending ${collection.card_last4}`;
  const rows: [string, string][] = [
    ['Paid to', input.merchant],
    ['For', input.title],
    ['Amount', ugx(Number(collection.amount))],
    ['Paid with', paidWith],
    ['Transaction ID', collection.transaction_id],
    // Kampala time, named: the payer may read it anywhere (one rule, packages/contracts/src/dates.ts).
    ['Date', formatDateTimeWithZone(collection.completed_at ?? collection.created_at)],
  ];
  const testNote = collection.environment === 'test' ? 'TEST MODE: no real money moved.\n\n' : '';
  const validUntil = input.downloadExpiresAt ? formatDateTimeWithZone(input.downloadExpiresAt) : '';
  const download = input.downloadUrl ? `\nDownload your purchase (link valid until ${validUntil}):\n${input.downloadUrl}\n` : '';
  const note = input.buyerNote ? `\nA note from ${input.merchant}:\n${input.buyerNote}\n` : '';
  const text = `${testNote}Hello ${collection.names},\n\nThank you for your payment.\n\n${rows.map(([label, value]) => `${label}: ${value}`).join('\n')}\n${download}${note}\nKeep this e-mail as your receipt.\n`;
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#1a1b1e">
${collection.environment === 'test' ? '<p style="color:#b00020;font-weight:bold">TEST MODE: no real money moved.</p>' : ''}
<p>Hello ${escapeHtml(collection.names)},</p><p>Thank you for your payment.</p>
<table cellpadding="4">${rows.map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>
${input.downloadUrl ? `<p><a href="${escapeHtml(input.downloadUrl)}">Download your purchase</a> (valid until ${escapeHtml(validUntil)})</p>` : ''}
${input.buyerNote ? `<p><strong>A note from ${escapeHtml(input.merchant)}:</strong><br>${escapeHtml(input.buyerNote)}</p>` : ''}
<p>Keep this e-mail as your receipt.</p></body></html>`;
  return { to: input.to, subject: `Receipt: ${ugx(Number(collection.amount))} to ${input.merchant}`, text, html };
}
