import type { ApiRefund } from '@sente/contracts/merchant-api-objects';
import type { Selectable } from 'kysely';
import { reasonText } from '../../../lib/rich-text.ts';
import type { TransfersTable } from '../../money/tables.ts';

/**
 * The one builder of the public refund object (decision 047): /v1 answers with it, the refund.* webhook events carry
 * it as `data`, and the dashboard's payment view lists it.
 */

export type RefundSource = Pick<
  Selectable<TransfersTable>,
  | 'id'
  | 'collection_id'
  | 'status'
  | 'amount'
  | 'currency'
  | 'reason'
  | 'failure_reason'
  | 'environment'
  | 'created_at'
  | 'completed_at'
  | 'approval_status'
>;

const iso = (value: Date | string) => new Date(value).toISOString();

/** A refund is a transfer of kind refund; its stored `rejected` is the object's `failed`, an empty reason null. */
export function toApiRefund(row: RefundSource): ApiRefund {
  return {
    id: row.id,
    collection_id: row.collection_id ?? '',
    amount: Number(row.amount),
    currency: row.currency,
    status: row.status === 'rejected' ? 'failed' : row.status,
    awaiting_approval: row.status === 'pending' && row.approval_status === 'awaiting',
    reason: row.reason ? reasonText(row.reason) : null,
    failure_reason: row.failure_reason,
    environment: row.environment,
    created_at: iso(row.created_at),
    completed_at: row.completed_at ? iso(row.completed_at) : null,
  };
}
