import type { Environment } from '@sente/contracts/constants';
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

/** An account's caps on money out and its approval threshold (migration 038, decision 064); null is no cap, 0 no threshold. */
export interface PayoutRulesTable {
  account_id: string;
  per_payout_cap: ColumnType<string | null, number | null | undefined, number | null>;
  daily_cap: ColumnType<string | null, number | null | undefined, number | null>;
  member_daily_cap: ColumnType<string | null, number | null | undefined, number | null>;
  approval_threshold: ColumnType<string, number | undefined, number>;
  updated_by: string | null;
  updated_at: Timestamp;
}
