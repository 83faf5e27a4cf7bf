import { RECEIPT_EMAIL } from '@sente/contracts/emails';
import { formatDateTimeWithZone, formatMoney } from '@sente/contracts/format';
import { CHANNEL_LABELS, type ExtraDataEntry, formatPhone } from '@sente/contracts/payments';
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

/**
 * The payment's status on its receipt (decision 073): refund pending while a refund is not paid yet, else paid,
 * partly refunded or refunded by what its paid refunds cover.
 */
function receiptStatus(receipt: ReceiptRecord): string {
  if (receipt.refunds.some((refund) => refund.status === 'pending')) return P.status.refundPending;
  const refunded = receipt.refunds.reduce((sum, refund) => sum + Number(refund.amount), 0);
  if (refunded === 0) return P.status.paid;
  return refunded >= Number(receipt.amount) ? P.status.refunded : P.status.partlyRefunded;
}

/**
 * How the payer reaches the merchant: the phone and e-mail of its business details, which the merchant gave to be
 * reached at (decision 073); never a member's own sign-in phone or e-mail. None before business details are saved.
 */
function merchantContacts(receipt: ReceiptRecord): [string, string][] {
  const phone = receipt.business_details?.business_phone;
  const email = receipt.business_details?.business_email;
  return [
    ...(phone ? [[P.merchantPhone, formatPhone(phone)] as [string, string]] : []),
    ...(email ? [[P.merchantEmail, email] as [string, string]] : []),
  ];
}

export function receiptLines(receipt: ReceiptRecord): ReceiptLines {
  const paidWith = receipt.msisdn
    ? `${CHANNEL_LABELS[receipt.channel]} ${formatPhone(receipt.msisdn)}`
    : RECEIPT_EMAIL.card(receipt.card_last4 ?? '');
  const rows: [string, string][] = [
    [L.paidTo, receipt.account_name],
    ...merchantContacts(receipt),
    ...(receipt.title ? [[L.for, receipt.title] as [string, string]] : []),
    [L.payer, receipt.names],
    ...extraDetails(receipt.extra_data).map(({ label, value }) => [label, value] as [string, string]),
    [L.amount, formatMoney(receipt.amount, receipt.currency)],
    [L.paidWith, paidWith],
    // Kampala time, named: the payer may read it anywhere (packages/contracts/src/format.ts).
    [L.date, formatDateTimeWithZone(receipt.completed_at ?? receipt.created_at)],
    [L.reference, receipt.transaction_id],
    ...(receipt.provider_reference ? [[L.providerId, receipt.provider_reference] as [string, string]] : []),
    [L.status, receiptStatus(receipt)],
    // A refund is "Refunded" only once paid; until then "Refund pending", never read as done (decision 073).
    ...receipt.refunds.map(
      (refund) =>
        [
          refund.status === 'pending' ? P.refundPending : L.refunded,
          P.refund(
            formatMoney(refund.amount, receipt.currency),
            formatDateTimeWithZone(refund.completed_at ?? refund.created_at),
          ),
        ] as [string, string],
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
