import type { ApiCollection } from '@sente/contracts/merchant-api-objects';
import type { ExtraDataEntry } from '@sente/contracts/payments';
import type { CollectionEventData } from '@sente/contracts/webhook-events';
import type { Selectable } from 'kysely';
import type { LinkRow } from '../links/tables.ts';
import type { CollectionsTable } from './tables.ts';

/**
 * The one builder of the public collection object (decision 047): /v1 answers with it, and the webhook event about the
 * same payment carries it as `data`, so a receiver and an API client read the same fields with the same values.
 */

/** The payment page a collection was taken on, as the page is now. */
export type CollectionLink = Pick<LinkRow, 'id' | 'ref' | 'kind' | 'title'>;

/** The columns of a collection its object is built from, and its link (looked up by link_id). */
export type CollectionSource = Pick<
  Selectable<CollectionsTable>,
  | 'id'
  | 'status'
  | 'amount'
  | 'fee'
  | 'currency'
  | 'channel'
  | 'msisdn'
  | 'names'
  | 'email'
  | 'extra_data'
  | 'reference'
  | 'metadata'
  | 'transaction_id'
  | 'status_message'
  | 'link_id'
  | 'environment'
  | 'created_at'
  | 'completed_at'
> & {
  link: CollectionLink | null;
  /** Its refunds that are pending or successful, summed (refundedOf in the readers; 0 as it settles). */
  amount_refunded: number | string | null;
  /** Of those, the ones not paid yet (decision 073; 0 as it settles). */
  amount_refund_pending: number | string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

export function toApiCollection(row: CollectionSource): ApiCollection {
  return {
    id: row.id,
    status: row.status,
    amount: Number(row.amount),
    fee: Number(row.fee),
    currency: row.currency,
    channel: row.channel,
    phone: row.msisdn,
    customer_name: row.names,
    reference: row.reference,
    metadata: row.metadata,
    transaction_id: row.transaction_id,
    failure_reason: row.status === 'failed' ? row.status_message : null,
    amount_refunded: Number(row.amount_refunded),
    amount_refund_pending: Number(row.amount_refund_pending),
    email: row.email,
    extra_data: row.extra_data as ExtraDataEntry[],
    link: row.link,
    environment: row.environment,
    created_at: iso(row.created_at),
    completed_at: row.completed_at ? iso(row.completed_at) : null,
  };
}

/** The `data` of collection.successful / collection.failed: the object, and the names receivers read before it. */
export function collectionEventData(row: CollectionSource): CollectionEventData {
  return { ...toApiCollection(row), msisdn: row.msisdn, names: row.names, message: row.status_message, link_id: row.link_id };
}
