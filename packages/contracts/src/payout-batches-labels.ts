// What the dashboard's batch screens say, beside payout-batches.ts's statuses and messages: the labels of a
// row's name check, a row's status and the batch's history, and the screens' own words. Presentational only; no zod
// here, so the Transfers page reads them without loading it.

import { formatMoney, formatNumber } from './format.ts';
import { NAME_CHECK_LABELS } from './name-check.ts';
import type { BatchEventAction, BatchRowStatus, RowNameCheck } from './payout-batches.ts';
import { BATCH_LIMITS } from './payout-batches-check.ts';

/** A row's name check: the provider's answer as name-check.ts words it, and `pending` until it answered. */
export const ROW_NAME_CHECK_LABELS = {
  pending: 'Checking…',
  ...NAME_CHECK_LABELS,
} as const satisfies Record<RowNameCheck, string>;

export const BATCH_ROW_STATUS_LABELS = {
  draft: 'Not sent',
  queued: 'Queued',
  sent: 'Sent',
  paid: 'Paid',
  failed: 'Failed',
} as const satisfies Record<BatchRowStatus, string>;

export const BATCH_EVENT_LABELS = {
  uploaded: 'Uploaded',
  created_by_api: 'Created through the API',
  row_edited: 'Row edited',
  row_removed: 'Row removed',
  submitted: 'Submitted for approval',
  name_accepted: 'Name accepted',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Approval request expired',
  withdrawn: 'Withdrawn by its maker',
  row_paid: 'Row paid',
  row_failed: 'Row failed',
  finished: 'Finished',
  retried: 'Failed rows sent again',
} as const satisfies Record<BatchEventAction, string>;

/** The rows a batch page lists: every row, those with an error or warning, those whose name needs a look, failed ones. */
export const BATCH_ROW_VIEW_LABELS = { all: 'All rows', issues: 'Issues', names: 'Names', failed: 'Failed' } as const;

/**
 * What a batch's rows came to once any went out: "27 processed: 25 paid (UGX 6,281,000), 2 failed (UGX 22,000
 * returned)", the failed rows' amounts and charges being what went back to the wallet; "25 paid (UGX 6,281,000)"
 * when none failed. Null before any row was paid or failed.
 */
export function batchOutcomeText(batch: {
  counts: { paid: number; failed: number };
  paid_amount: number;
  returned_amount: number;
}): string | null {
  const { paid, failed } = batch.counts;
  if (paid === 0 && failed === 0) return null;
  const paidText = `${formatNumber(paid)} paid (${formatMoney(batch.paid_amount)})`;
  if (failed === 0) return paidText;
  const failedText = `${formatNumber(failed)} failed (${formatMoney(batch.returned_amount)} returned)`;
  return `${formatNumber(paid + failed)} processed: ${paidText}, ${failedText}`;
}

export const BATCH_SCREEN_TEXT = {
  title: 'Payout batches',
  intro: 'Pay many mobile-money numbers at once from a spreadsheet. Another member approves each batch with their PIN.',
  empty:
    'No batches yet. A batch pays a list of mobile-money numbers from one CSV or Excel sheet: every row and name is checked first, then another member approves it.',
  newBatch: 'New batch',
  fileHint: `CSV or Excel (.xlsx), at most ${BATCH_LIMITS.maxBytes / 1024 / 1024} MB and ${BATCH_LIMITS.maxRows.toLocaleString('en-US')} rows. Columns: phone, amount, name, reference, narrative.`,
  waitingForApproval: 'Waiting for another member to approve.',
  registeredAs: 'Registered as',
  /** Read after a word of the registered name that the row's name has nothing for (decision 074). */
  wordDiffers: "(not in the sheet's name)",
  approveReason: (reference: string, rows: number) => `Payout batch ${reference}: ${rows} mobile-money payouts`,
  rejectTitle: 'Reject batch',
  withdraw: 'Withdraw batch',
  withdrawHint: 'Takes the batch back as a draft: nothing was held, nothing is paid.',
  rejectReasonHint: 'The member who made the batch reads it.',
  acceptName: (sheetName: string, registered: string) => `I confirm ${sheetName} is the person registered as ${registered}.`,
  noRowsInView: 'No rows to show here.',
} as const;
