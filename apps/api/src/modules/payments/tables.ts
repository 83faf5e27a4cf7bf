import type { CollectionEventKind } from '@sente/contracts/collection-events';
import type { Environment } from '@sente/contracts/constants';
import type { CollectionStatus, PaymentChannel } from '@sente/contracts/payments';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Money, Timestamp } from '../../db/columns.ts';

export interface CollectionsTable {
  id: Generated<string>;
  account_id: string;
  environment: Environment;
  link_id: string | null;
  currency: Generated<'UGX'>;
  amount: Money;
  fee: ColumnType<string, number | string | undefined, number | string>;
  channel: PaymentChannel;
  msisdn: string | null;
  card_last4: string | null;
  names: string;
  email: string | null;
  extra_data: ColumnType<unknown, string, string>;
  customer_id: string | null;
  status: Generated<CollectionStatus>;
  status_message: string | null;
  transaction_id: string;
  provider: string;
  provider_reference: string | null;
  simulated_outcome: 'successful' | 'failed' | null;
  simulated_message: string | null;
  settle_at: Timestamp | null;
  expires_at: Timestamp;
  idempotency_key: string | null;
  /** What the request with the Idempotency-Key asked (decision 016): a replay must ask the same. */
  request_hash: string | null;
  /** The merchant's own reference and metadata of a collection asked for through /v1 (migration 018), else null. */
  reference: string | null;
  metadata: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  completed_at: Timestamp | null;
  /** Its refunds that are paid (successful), summed (migrations 036 and 047, kept by payments/refunds/repository.ts). */
  amount_refunded: ColumnType<string, never, number | string>;
  /** Its refunds that are pending, awaiting approval or not yet confirmed, summed (migration 047, decision 073). */
  amount_refund_pending: ColumnType<string, never, number | string>;
  /** How many times applying the row's due outcome failed in the worker (migration 021). */
  worker_attempts: Generated<number>;
  /** Not before then does a worker take the row again: its claim's lease, or the backoff after a failure (migration 021). */
  worker_next_attempt_at: Timestamp | null;
  /** A live payment failed here without its provider's word: when the provider is next asked about it (migration 024). */
  late_check_at: Timestamp | null;
  /** A provider's status answer whose amount or currency is not ours: what it reported, never applied (migration 028). */
  provider_mismatch: string | null;
  /** The code of its public receipt page `/r/:code`: random, drawn by the database (migration 042). */
  receipt_code: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** How many collections an account has in an environment, kept by the `collections_counted_*` triggers (migration 015). */
export interface CollectionCountsTable {
  account_id: string;
  environment: Environment;
  total: ColumnType<string, never, never>;
}

/** The kinds written to collection_events: a webhook delivery is read from its webhook_events row. */
export type RecordedEventKind = Exclude<CollectionEventKind, 'webhook_delivery'>;

/** One step of a payment's timeline (migration 033). */
export interface CollectionEventsTable {
  id: Generated<string>;
  collection_id: string;
  kind: RecordedEventKind;
  detail: string | null;
  ok: boolean | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
