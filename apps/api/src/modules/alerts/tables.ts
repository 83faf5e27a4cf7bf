import type { Environment } from '@sente/contracts/constants';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from '../../db/columns.ts';
import type { SmsPurpose } from '../../sms/sms.ts';

/** A whole-UGX threshold, or null (migration 040): read as a string from pg's bigint. */
type Threshold = ColumnType<string | null, number | null, number | null>;

export interface NotificationSettingsTable {
  account_id: string;
  user_id: string;
  payment_received: boolean;
  payment_above: Threshold;
  daily_summary: boolean;
  payout_failed: boolean;
  refund_done: boolean;
  low_balance_below: Threshold;
  /** Hear of a movement or batch awaiting the member's approval (migration 046); on unless turned off. */
  approval_needed: ColumnType<boolean, boolean | undefined, boolean>;
  by_email: boolean;
  by_sms: boolean;
  live: boolean;
  test: boolean;
  updated_at: Timestamp;
  /** The Kampala day ('YYYY-MM-DD') whose daily summaries of this member the worker has dealt with (migration 049). */
  summarised_on: ColumnType<Date | null, string | null | undefined, string | null>;
}

export type AlertKind =
  | 'payment_received'
  | 'daily_summary'
  | 'payout_failed'
  | 'refund_done'
  | 'low_balance'
  | 'approval_needed';
export type AlertChannel = 'email' | 'sms';

/** A wallet transfer's ledger transaction whose low-balance alerts the worker is yet to queue (migration 044). */
export interface LowBalanceChecksTable {
  transaction_id: string;
  created_at: Generated<Timestamp>;
}

/** The alerts' outbox (migration 040): one row per member, event and channel. */
export interface MemberAlertsTable {
  id: Generated<string>;
  account_id: string;
  user_id: string;
  environment: Environment;
  kind: AlertKind;
  channel: AlertChannel;
  /** The e-mail address, or the phone as `2567XXXXXXXX`. */
  destination: string;
  purpose: SmsPurpose;
  subject: string;
  body: string;
  /** A daily summary's Kampala day ('YYYY-MM-DD'); null for every other kind. */
  summary_day: ColumnType<string | null, string | null | undefined, never>;
  /** The dashboard page its e-mail links to, under the site's address (migration 049); null for none. */
  link_path: ColumnType<string | null, string | null | undefined, never>;
  status: Generated<'pending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  sent_at: Timestamp | null;
  created_at: CreatedAt;
}
