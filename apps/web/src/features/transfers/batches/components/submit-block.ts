import { BATCH_MESSAGES, type BatchCounts } from '@sente/contracts/payout-batches';

/** Why a draft cannot be submitted yet, in the API's own words, or null when nothing stands in the way. */
export function submitBlock(counts: BatchCounts): string | null {
  if (counts.rows === 0) return BATCH_MESSAGES.noRows;
  if (counts.errors > 0) return BATCH_MESSAGES.hasErrors;
  if (counts.names_pending > 0) return BATCH_MESSAGES.namesPending;
  if (counts.names_blocking > 0) return BATCH_MESSAGES.blockedRows;
  return null;
}

/** Why an approver cannot approve yet: a name that does not match, neither accepted nor fixed. */
export const approveBlock = (counts: BatchCounts): string | null =>
  counts.mismatches > counts.mismatches_accepted ? BATCH_MESSAGES.mismatchesOpen : null;
