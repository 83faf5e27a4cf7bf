import { RECEIPT_EMAIL as R, EMAIL_TEXTS as T } from '@sente/contracts/emails';
import { formatDateTimeWithZone, formatMoney } from '@sente/contracts/format';
import { CHANNEL_LABELS, formatPhone } from '@sente/contracts/payments';
import { escapeHtml } from '../../lib/rich-text.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { extraDetails } from './receipts/lines.ts';
import type { CollectionRecord } from './repository.ts';

const L = R.labels;

/** The payer's receipt: what was paid, to whom, how, and for a digital item the download link and the seller's note. */
export function receiptMail(input: {
  to: string;
  merchant: string;
  title: string;
  collection: CollectionRecord;
  downloadUrl: string | null;
  downloadExpiresAt: Date | null;
  buyerNote: string | null;
  /** The payment's receipt page (/r/:code), to open, print or save as a PDF. */
  receiptUrl: string;
}): MailMessage {
  const { collection } = input;
  const paidWith = collection.msisdn
    ? `${CHANNEL_LABELS[collection.channel]} ${formatPhone(collection.msisdn)}`
    : R.card(collection.card_last4 ?? '');
  const rows: [string, string][] = [
    [L.paidTo, input.merchant],
    [L.for, input.title],
    // The payer's extra details, as a school's "Student name" and "Class": what the payment was for, on the receipt.
    ...extraDetails(collection.extra_data).map(({ label, value }): [string, string] => [label, value]),
    [L.amount, formatMoney(collection.amount)],
    [L.paidWith, paidWith],
    [L.transactionId, collection.transaction_id],
    // Kampala time, named: the payer may read it anywhere (one rule, packages/contracts/src/format.ts).
    [L.date, formatDateTimeWithZone(collection.completed_at ?? collection.created_at)],
  ];
  const testNote = collection.environment === 'test' ? `${R.testMode}\n\n` : '';
  const validUntil = input.downloadExpiresAt ? formatDateTimeWithZone(input.downloadExpiresAt) : '';
  const download = input.downloadUrl ? `\n${R.download} (link ${R.validUntil(validUntil)}):\n${input.downloadUrl}\n` : '';
  const note = input.buyerNote ? `\n${R.noteFrom(input.merchant)}\n${input.buyerNote}\n` : '';
  const receipt = `\n${R.viewReceipt}: ${input.receiptUrl}\n`;
  const text = `${testNote}${T.hello(collection.names)}\n\n${R.thanks}\n\n${rows.map(([label, value]) => `${label}: ${value}`).join('\n')}\n${receipt}${download}${note}\n${R.keep}\n`;
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#1a1b1e">
${collection.environment === 'test' ? `<p style="color:#b00020;font-weight:bold">${R.testMode}</p>` : ''}
<p>${T.hello(escapeHtml(collection.names))}</p><p>${R.thanks}</p>
<table cellpadding="4">${rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>
<p><a href="${escapeHtml(input.receiptUrl)}">${R.viewReceipt}</a></p>
${input.downloadUrl ? `<p><a href="${escapeHtml(input.downloadUrl)}">${R.download}</a> (${R.validUntil(escapeHtml(validUntil))})</p>` : ''}
${input.buyerNote ? `<p><strong>${R.noteFrom(escapeHtml(input.merchant))}</strong><br>${escapeHtml(input.buyerNote)}</p>` : ''}
<p>${R.keep}</p></body></html>`;
  return { to: input.to, subject: R.subject(formatMoney(collection.amount), input.merchant), text, html };
}
