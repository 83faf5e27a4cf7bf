import type { BatchRow } from '@sente/contracts/payout-batches';
import { BATCH_COLUMNS, type BatchColumn, type BatchRowValues, checkRowAlone } from '@sente/contracts/payout-batches-check';

export const ROW_FIELD_LABELS = {
  phone: 'Phone',
  amount: 'Amount (UGX)',
  name: 'Name',
  reference: 'Reference',
  narrative: 'Narrative',
} as const satisfies Record<BatchColumn, string>;

/** The row's values as its form holds them: the sheet's text. */
export const rowValues = (row: BatchRow): BatchRowValues => ({
  phone: row.phone,
  amount: row.amount,
  name: row.name,
  reference: row.reference,
  narrative: row.narrative,
});

/** The form's errors by field: the first of checkRowAlone's for each, the very rules the API applies to a row. */
export function rowErrors(position: number, values: BatchRowValues, maxAmount: number): Partial<Record<BatchColumn, string>> {
  const errors: Partial<Record<BatchColumn, string>> = {};
  for (const issue of checkRowAlone(position, values, maxAmount)) errors[issue.field] ??= issue.message;
  return errors;
}

/** The API's errors of a row by field, the first of each: those across the batch too (a reference used twice). */
export function rowIssueErrors(row: Pick<BatchRow, 'issues'>): Partial<Record<BatchColumn, string>> {
  const errors: Partial<Record<BatchColumn, string>> = {};
  for (const issue of row.issues) {
    if (issue.severity === 'error') errors[issue.field as BatchColumn] ??= issue.message;
  }
  return errors;
}

export const ROW_FIELDS: readonly BatchColumn[] = BATCH_COLUMNS;
