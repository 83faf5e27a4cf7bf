import { RECEIPT_EMAIL } from '@sente/contracts/emails';
import { formatDateTimeWithZone, formatMoney } from '@sente/contracts/format';
import { CHANNEL_LABELS, type ExtraDataEntry, formatLocalPhone } from '@sente/contracts/payments';
import { RECEIPT_PAGE as P } from '@sente/contracts/receipt-page';
import type { ReceiptRecord } from './repository.ts';

const L = P.labels;

/** What a receipt says, in order, whatever it is printed on: the page, the till slip and the PDF read the same lines. */
export type ReceiptLines = {
  merchant: string;
  logoUrl: string | null;
  test: boolean;
  amount: string;
  rows: [label: string, value: string][];
};

/** The payer's extra details as they typed them (a school's "Student name", "Class"); anything else is left out. */
export function extraDetails(extra: unknown): ExtraDataEntry[] {
  if (!Array.isArray(extra)) return [];
  return extra.filter(
    (entry): entry is ExtraDataEntry =>
      typeof entry?.label === 'string' && typeof entry?.value === 'string' && entry.value.trim() !== '',
  );
}

export function receiptLines(receipt: ReceiptRecord): ReceiptLines {
  const paidWith = receipt.msisdn
    ? `${CHANNEL_LABELS[receipt.channel]} ${formatLocalPhone(receipt.msisdn)}`
    : RECEIPT_EMAIL.card(receipt.card_last4 ?? '');
  const refunded = receipt.refunds.reduce((sum, refund) => sum + Number(refund.amount), 0);
  const status =
    refunded === 0 ? P.status.paid : refunded >= Number(receipt.amount) ? P.status.refunded : P.status.partlyRefunded;
  const rows: [string, string][] = [
    [L.paidTo, receipt.account_name],
    ...(receipt.title ? [[L.for, receipt.title] as [string, string]] : []),
    [L.payer, receipt.names],
    ...extraDetails(receipt.extra_data).map(({ label, value }) => [label, value] as [string, string]),
    [L.amount, formatMoney(receipt.amount, receipt.currency)],
    [L.paidWith, paidWith],
    // Kampala time, named: the payer may read it anywhere (packages/contracts/src/format.ts).
    [L.date, formatDateTimeWithZone(receipt.completed_at ?? receipt.created_at)],
    [L.reference, receipt.transaction_id],
    ...(receipt.provider_reference ? [[L.providerId, receipt.provider_reference] as [string, string]] : []),
    [L.status, status],
    ...receipt.refunds.map(
      (refund) =>
        [L.refunded, P.refund(formatMoney(refund.amount, receipt.currency), formatDateTimeWithZone(refund.created_at))] as [
          string,
          string,
        ],
    ),
  ];
  return {
    merchant: receipt.account_name,
    logoUrl: receipt.company_logo ? `/storage/${receipt.company_logo}` : null,
    test: receipt.environment === 'test',
    amount: formatMoney(receipt.amount, receipt.currency),
    rows,
  };
}
