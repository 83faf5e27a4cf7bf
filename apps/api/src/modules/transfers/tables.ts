import type { Environment } from '@sente/contracts/constants';
import type { BatchEventAction, BatchRowStatus, BatchStatus, RowNameCheck } from '@sente/contracts/payout-batches';
import type { RowIssue } from '@sente/contracts/payout-batches-check';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from '../../db/columns.ts';

/** How many transfers an account sent and received in an environment, kept by a trigger (migration 019). */
export interface TransferCountsTable {
  account_id: string;
  environment: Environment;
  total: ColumnType<string, never, never>;
}

export interface WalletPinsTable {
  account_id: string;
  user_id: string;
  pin_hash: string;
  failed_attempts: Generated<number>;
  locked_until: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PinTokensTable {
  token_hash: string;
  account_id: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

/** A payout batch (migration 037, decision 066): its maker, approval or rejection, expiry and paid/failed counts. */
export interface PayoutBatchesTable {
  id: Generated<string>;
  account_id: string;
  environment: Environment;
  reference: string;
  status: BatchStatus;
  source: 'dashboard' | 'api';
  file_name: string | null;
  maker_id: string | null;
  approver_id: ColumnType<string | null, string | null | undefined, string | null>;
  rejected_by: ColumnType<string | null, string | null | undefined, string | null>;
  rejection_reason: ColumnType<string | null, string | null | undefined, string | null>;
  charge_per_row: ColumnType<string, number, number>;
  row_count: Generated<number>;
  total_amount: ColumnType<string, number | undefined, number>;
  error_count: Generated<number>;
  warning_count: Generated<number>;
  paid_count: Generated<number>;
  failed_count: Generated<number>;
  paid_amount: ColumnType<string, number | undefined, number>;
  retry_of: ColumnType<string | null, string | null | undefined, string | null>;
  idempotency_key: string | null;
  request_hash: string | null;
  submitted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  approved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** One row of a batch, as the sheet gave it (text) and as it was checked and paid (migration 037). */
export interface PayoutBatchRowsTable {
  id: Generated<string>;
  batch_id: string;
  position: number;
  phone: string;
  amount: string;
  name: string;
  reference: string;
  narrative: string;
  /** The number as a provider takes it (2567XXXXXXXX), when the phone is one; the amount in UGX, when it is one. */
  msisdn: string | null;
  amount_value: ColumnType<string | null, number | null, number | null>;
  /** The row's issues as last checked across the batch (contracts checkBatchRows). */
  issues: ColumnType<RowIssue[], string | undefined, string>;
  name_check: Generated<RowNameCheck>;
  /** The name the provider holds for the number, in full: only its masked form leaves the server. */
  registered_name: string | null;
  name_accepted_by: string | null;
  status: Generated<BatchRowStatus>;
  failure_reason: string | null;
  /** When the worker next has work on the row (its name check, or its payout); null when it has none. */
  due_at: Timestamp | null;
  worker_next_attempt_at: Timestamp | null;
  worker_attempts: Generated<number>;
}

export interface PayoutBatchEventsTable {
  id: Generated<string>;
  batch_id: string;
  actor_id: string | null;
  action: BatchEventAction;
  position: number | null;
  detail: string | null;
  created_at: CreatedAt;
}
/** An account's caps on money out and its approval threshold (migration 038, decision 065); null is no cap, 0 no threshold. */
export interface PayoutRulesTable {
  account_id: string;
  per_payout_cap: ColumnType<string | null, number | null | undefined, number | null>;
  daily_cap: ColumnType<string | null, number | null | undefined, number | null>;
  member_daily_cap: ColumnType<string | null, number | null | undefined, number | null>;
  approval_threshold: ColumnType<string, number | undefined, number>;
  updated_by: string | null;
  updated_at: Timestamp;
}
