// The rules every row of a payout batch is checked by (decision 066), the same in the dashboard as it edits a row and in the
// API before anything moves. Importing nothing that loads zod, so the batch screen's rows can be checked as they are typed.
import { mobileMoneyNumber } from './payments.ts';

/** The columns of a batch sheet, in the template's order. */
export const BATCH_COLUMNS = ['phone', 'amount', 'name', 'reference', 'narrative'] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];

/** What a batch may hold. `maxAmount` is the default of the largest single row (MTN's largest tier), settable per server. */
export const BATCH_LIMITS = {
  maxRows: 5_000,
  maxApiRows: 1_000,
  maxBytes: 2 * 1024 * 1024,
  minAmount: 500,
  maxAmount: 5_000_000,
  nameMax: 150,
  referenceMax: 100,
  narrativeMax: 160,
  /** An unanswered approval request expires this long after it was submitted. */
  approvalHours: 72,
} as const;

/** A row as the sheet gave it, or as the merchant corrected it: every value as text. */
export type BatchRowValues = Record<BatchColumn, string>;

export type RowIssueCode =
  | 'phone_missing'
  | 'phone_invalid'
  | 'amount_missing'
  | 'amount_invalid'
  | 'amount_too_small'
  | 'amount_too_large'
  | 'name_missing'
  | 'too_long'
  | 'reference_duplicate'
  | 'duplicate_payment'
  | 'over_payout_cap';

/** One problem of one row: errors block the batch, warnings are for the merchant to judge. `row` is the sheet's row number. */
export type RowIssue = {
  row: number;
  field: BatchColumn;
  code: RowIssueCode;
  severity: 'error' | 'warning';
  message: string;
};

const money = (amount: number) => `UGX ${amount.toLocaleString('en-US')}`;

/** A whole amount of UGX as a sheet writes it ("5000", "5,000", "5000.00"), or null for anything else. */
export function batchAmount(text: string): number | null {
  const compact = text.trim().replace(/,/g, '');
  if (!/^\d{1,12}(\.0+)?$/.test(compact)) return null;
  return Number(compact.split('.')[0]);
}

/** A number Excel showed in scientific notation ("2.56772E+11"): its last digits are gone for good. */
const SCIENTIFIC = /^\d+(\.\d+)?e\+?\d+$/i;

/** An amount written with its currency ("UGX 10,000", "Shs 25,000", "15,000/="): its digits, or null. */
function amountWithCurrency(text: string): string | null {
  const found = /^(?:ugx|ush|shs?)\.?\s*([\d,]+)(?:\.0+)?$|^([\d,]+)(?:\.0+)?\s*(?:ugx|ush|shs?|\/=)$/i.exec(text);
  const digits = (found?.[1] ?? found?.[2])?.replace(/,/g, '');
  return digits ? digits : null;
}

/** Why a written amount is not one: written with its currency, or not a whole number of UGX. */
function notWholeAmount(text: string): string {
  const digits = amountWithCurrency(text);
  return digits ? `Write the amount in digits only (${digits}), without UGX.` : 'The amount must be a whole number of UGX.';
}

/** The checks of one row on its own (none needs the other rows). */
export function checkRowAlone(row: number, values: BatchRowValues, maxAmount: number = BATCH_LIMITS.maxAmount): RowIssue[] {
  const issues: RowIssue[] = [];
  const error = (field: BatchColumn, code: RowIssueCode, message: string) =>
    issues.push({ row, field, code, severity: 'error', message });
  const phone = values.phone.trim();
  if (!phone) error('phone', 'phone_missing', 'Enter the mobile-money number.');
  else if (SCIENTIFIC.test(phone))
    error(
      'phone',
      'phone_invalid',
      `Excel shortened this number to ${phone}, losing its digits: format the phone column as Text, type the number again and save (the template's phone column is Text already).`,
    );
  else if (!mobileMoneyNumber(phone)) error('phone', 'phone_invalid', 'Not an MTN or Airtel Uganda number.');
  const amountText = values.amount.trim();
  const amount = batchAmount(amountText);
  if (!amountText) error('amount', 'amount_missing', 'Enter the amount.');
  else if (amount === null) error('amount', 'amount_invalid', notWholeAmount(amountText));
  else if (amount < BATCH_LIMITS.minAmount)
    error('amount', 'amount_too_small', `The amount must be at least ${money(BATCH_LIMITS.minAmount)}.`);
  else if (amount > maxAmount) error('amount', 'amount_too_large', `The amount must be at most ${money(maxAmount)}.`);
  if (!values.name.trim()) error('name', 'name_missing', "Enter the receiver's name, as registered for mobile money.");
  const limits = { name: BATCH_LIMITS.nameMax, reference: BATCH_LIMITS.referenceMax, narrative: BATCH_LIMITS.narrativeMax };
  for (const [field, max] of Object.entries(limits) as [BatchColumn, number][]) {
    if (values[field].length > max) error(field, 'too_long', `At most ${max} characters.`);
  }
  return issues;
}

/**
 * Every row's issues: each on its own, then across the batch: a reference used twice is an error on each row after the
 * first; the same number and amount twice is a warning (a person paid twice by mistake, or on purpose).
 */
export function checkBatchRows(
  rows: readonly ({ position: number } & BatchRowValues)[],
  maxAmount: number = BATCH_LIMITS.maxAmount,
): RowIssue[] {
  const issues = rows.flatMap((row) => checkRowAlone(row.position, row, maxAmount));
  const references = new Map<string, number>();
  const payments = new Map<string, number>();
  for (const row of rows) {
    const reference = row.reference.trim().toLowerCase();
    if (reference) {
      const first = references.get(reference);
      if (first === undefined) references.set(reference, row.position);
      else
        issues.push({
          row: row.position,
          field: 'reference',
          code: 'reference_duplicate',
          severity: 'error',
          message: `Row ${first} has this reference already; each row's reference must be its own.`,
        });
    }
    const msisdn = mobileMoneyNumber(row.phone);
    const amount = batchAmount(row.amount);
    if (msisdn && amount !== null) {
      const key = `${msisdn}:${amount}`;
      const first = payments.get(key);
      if (first === undefined) payments.set(key, row.position);
      else
        issues.push({
          row: row.position,
          field: 'phone',
          code: 'duplicate_payment',
          severity: 'warning',
          message: `Row ${first} pays the same number the same amount.`,
        });
    }
  }
  return issues.sort((a, b) => a.row - b.row);
}
