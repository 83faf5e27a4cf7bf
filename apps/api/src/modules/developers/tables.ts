import type { Environment } from '@sente/contracts/constants';
import type { WebhookField } from '@sente/contracts/developers';
import type { WebhookDeliveryStatus } from '@sente/contracts/webhook-deliveries';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from '../../db/columns.ts';

/**
 * One event for one of the account's webhook URLs, and its delivery (migration 017): the job table the webhook worker
 * claims from. `attempts` counts attempts started; while one is out, `next_attempt_at` is its lease.
 */
export interface WebhookEventsTable {
  id: Generated<string>;
  account_id: string;
  environment: Environment;
  event: string;
  payload: ColumnType<unknown, string, string>;
  destination: WebhookField;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_attempt_at: Timestamp | null;
  last_response_code: number | null;
  last_error: string | null;
  delivered_at: Timestamp | null;
  created_at: CreatedAt;
  /** The collection a `collection.*` event is about, written when it is queued; null for every other event (migration 033). */
  collection_id: string | null;
}

/**
 * An account's API keys and webhook signing secret (the profile's `api_keys`), each encrypted (lib/encryption.ts);
 * the keys also as their HMAC under the lookup secret, by which a presented key finds its account.
 */
export interface ApiKeysTable {
  account_id: string;
  test_key_encrypted: string;
  test_key_hash: string;
  production_key_encrypted: string;
  production_key_hash: string;
  encryption_key_encrypted: string;
  generated_at: Timestamp;
}

/** An account's webhook URLs, null when unset; shared by both environments (one row per account). */
export interface WebhooksTable {
  account_id: string;
  collection_url: string | null;
  payment_url: string | null;
  updated_at: Timestamp;
}
