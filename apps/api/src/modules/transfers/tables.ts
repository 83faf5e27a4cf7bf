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
