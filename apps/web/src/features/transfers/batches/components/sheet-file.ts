import { BATCH_MESSAGES } from '@sente/contracts/payout-batches';
import { BATCH_LIMITS } from '@sente/contracts/payout-batches-check';

/** What the file picker offers: CSV and Excel workbooks, by extension and by type. */
export const SHEET_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Why a chosen sheet is not sent (not CSV or .xlsx, over 2 MB), or null: the browser refuses it before any upload. */
export function sheetProblem(file: File | null): string | null {
  if (!file) return BATCH_MESSAGES.fileMissing;
  if (!/\.(csv|xlsx)$/i.test(file.name)) return BATCH_MESSAGES.fileMissing;
  if (file.size > BATCH_LIMITS.maxBytes) return BATCH_MESSAGES.fileTooLarge;
  return null;
}

/** The batch's reference as the API takes it: optional, at most 100 characters. */
export const referenceProblem = (reference: string): string | null =>
  reference.trim().length > BATCH_LIMITS.referenceMax ? `At most ${BATCH_LIMITS.referenceMax} characters.` : null;
