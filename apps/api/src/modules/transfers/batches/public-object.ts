import type { ApiPayoutBatch, ApiPayoutBatchRow } from '@sente/contracts/merchant-api-batches';
import { maskRegisteredName } from '@sente/contracts/name-check';
import type { BatchRecord, BatchRowView, rowCounts } from './repository.ts';

/**
 * The one builder of the public payout batch and its rows (decision 047, 062): /v1 answers with them, and the
 * payout_batch.* webhook events carry the batch as `data`, so a receiver and an API client read the same fields.
 */

/** The counts of a batch's rows by name check and status (repository.ts rowCounts). */
export type RowCounts = Awaited<ReturnType<typeof rowCounts>>;

/** What a batch's failed rows gave back to the wallet: each its amount and its charge (movements.ts holdReleased). */
export const returnedAmount = (batch: Pick<BatchRecord, 'charge_per_row'>, failed: number, failedAmount: string) =>
  Number(failedAmount) + Number(batch.charge_per_row) * failed;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function toApiPayoutBatch(batch: BatchRecord, counts: RowCounts): ApiPayoutBatch {
  return {
    id: batch.id,
    reference: batch.reference,
    status: batch.status,
    currency: 'UGX',
    counts: {
      rows: batch.row_count,
      names_pending: counts.names_pending,
      name_mismatches: counts.mismatches,
      names_blocked: counts.names_blocking,
      warnings: batch.warning_count,
      queued: counts.queued,
      sent: counts.sent,
      paid: counts.paid,
      failed: counts.failed,
    },
    totals: {
      amount: Number(batch.total_amount),
      charges: Number(batch.charge_per_row) * batch.row_count,
      paid_amount: Number(batch.paid_amount),
      returned_amount: returnedAmount(batch, counts.failed, counts.failed_amount),
    },
    environment: batch.environment,
    created_at: iso(batch.created_at)!,
    submitted_at: iso(batch.submitted_at),
    expires_at: iso(batch.expires_at),
    approved_at: iso(batch.approved_at),
    finished_at: iso(batch.finished_at),
    rejection_reason: batch.rejection_reason,
  };
}

/** A row as /v1 shows it: the number as the providers take it, the registered name masked, never in full. */
export function toApiPayoutBatchRow(row: BatchRowView): ApiPayoutBatchRow {
  return {
    row: row.position,
    phone: row.msisdn ?? row.phone,
    amount: Number(row.amount_value ?? 0),
    name: row.name,
    reference: row.reference,
    narrative: row.narrative,
    name_check: row.name_check,
    registered_name: row.registered_name ? maskRegisteredName(row.registered_name) : null,
    status: row.status,
    payout_id: row.transfer_id,
    provider_reference: row.provider_reference,
    failure_reason: row.failure_reason,
  };
}
