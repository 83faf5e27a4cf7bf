import type { ApiPayout } from '@sente/contracts/merchant-api-objects';
import { formatExportPhone } from '@sente/contracts/payments';
import type { PayoutEventData } from '@sente/contracts/webhook-events';
import type { Selectable } from 'kysely';
import { reasonText } from '../../lib/rich-text.ts';
import type { TransfersTable } from '../money/tables.ts';

/**
 * The one builder of the public payout object (decision 047): /v1 answers with it, and the webhook event about the
 * same payout carries it as `data`, so a receiver and an API client read the same fields with the same values.
 */

export type PayoutSource = Pick<
  Selectable<TransfersTable>,
  | 'id'
  | 'status'
  | 'amount'
  | 'charge'
  | 'currency'
  | 'payout_msisdn'
  | 'reason'
  | 'failure_reason'
  | 'batch_id'
  | 'environment'
  | 'created_at'
  | 'completed_at'
>;

const iso = (value: Date | string) => new Date(value).toISOString();

export function toApiPayout(row: PayoutSource): ApiPayout {
  return {
    id: row.id,
    status: row.status,
    amount: Number(row.amount),
    charge: Number(row.charge),
    currency: row.currency,
    phone: row.payout_msisdn ?? '',
    reason: reasonText(row.reason),
    failure_reason: row.failure_reason,
    batch_id: row.batch_id,
    environment: row.environment,
    created_at: iso(row.created_at),
    completed_at: row.completed_at ? iso(row.completed_at) : null,
  };
}

/** The `data` of payout.pending / .successful / .rejected: the object, and the names receivers read before it. */
export function payoutEventData(row: PayoutSource): PayoutEventData {
  const msisdn = row.payout_msisdn;
  // Published in the webhook bodies: the local form, not the dashboard's (decision 079).
  const counterparty = msisdn ? (msisdn.startsWith('256') ? formatExportPhone(msisdn) : msisdn) : null;
  return { ...toApiPayout(row), kind: 'payout', direction: 'out', counterparty };
}
