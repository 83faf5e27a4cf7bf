import { REFUND_EMAIL as E, RECEIPT_EMAIL, EMAIL_TEXTS as T } from '@sente/contracts/emails';
import { formatDateTimeWithZone, formatMoney } from '@sente/contracts/format';
import { CHANNEL_LABELS, formatPhone } from '@sente/contracts/payments';
import { escapeHtml, reasonText } from '../../../lib/rich-text.ts';
import type { MailMessage } from '../../../mail/mailer.ts';
import type { TransferRecord } from '../../money/tables.ts';

/** The payer's receipt of a refund: how much of which payment went back, where, and why, and the payment's receipt. */
export function refundMail(input: {
  to: string;
  merchant: string;
  payer: string;
  refund: TransferRecord;
  collection: { amount: string; channel: string; msisdn: string | null; transaction_id: string };
  /** The payment's receipt page (decision 068), which shows the refund too. */
  receiptUrl: string;
}): MailMessage {
  const { refund, collection } = input;
  const amount = formatMoney(Number(refund.amount));
  const to = collection.msisdn
    ? `${CHANNEL_LABELS[collection.channel as keyof typeof CHANNEL_LABELS] ?? ''} ${formatPhone(collection.msisdn)}`.trim()
    : E.toCard;
  const reason = refund.reason ? reasonText(refund.reason) : '';
  const rows: [string, string][] = [
    [E.labels.refundedBy, input.merchant],
    [E.labels.amount, amount],
    [E.labels.of, formatMoney(Number(collection.amount))],
    [E.labels.to, to],
    [E.labels.transactionId, collection.transaction_id],
    ...(reason ? ([[E.labels.reason, reason]] as [string, string][]) : []),
    [E.labels.date, formatDateTimeWithZone(refund.completed_at ?? refund.created_at)],
    [E.labels.receipt, input.receiptUrl],
  ];
  const test = refund.environment === 'test';
  const lines = rows.map(([label, value]) => `${label}: ${value}`).join('\n');
  const text = `${test ? `${RECEIPT_EMAIL.testMode}\n\n` : ''}${T.hello(input.payer)}\n\n${E.refunded(input.merchant)}\n\n${lines}\n\n${E.keep}\n`;
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#1a1b1e">
${test ? `<p style="color:#b00020;font-weight:bold">${RECEIPT_EMAIL.testMode}</p>` : ''}
<p>${T.hello(escapeHtml(input.payer))}</p><p>${escapeHtml(E.refunded(input.merchant))}</p>
<table cellpadding="4">${rows
    .slice(0, -1)
    .map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('')}</table>
<p><a href="${escapeHtml(input.receiptUrl)}">${E.viewReceipt}</a></p>
<p>${E.keep}</p></body></html>`;
  return { to: input.to, subject: E.subject(amount, input.merchant), text, html };
}
