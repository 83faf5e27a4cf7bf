import type { Currency, Environment } from '@sente/contracts/constants';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Money, Timestamp } from '../../db/columns.ts';

export type WalletKind = 'merchant' | 'platform_fee' | 'provider_clearing' | 'settlement_hold';

export interface WalletsTable {
  id: Generated<string>;
  account_id: string | null;
  kind: WalletKind;
  currency: Currency;
  environment: Environment;
  /** Which of a platform wallet's shards (migration 019); 0 for a merchant wallet. */
  shard: Generated<number>;
  balance: ColumnType<string, number | string | undefined, number | string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface LedgerTransactionsTable {
  id: Generated<string>;
  kind: string;
  environment: Environment;
  reference_id: string;
  created_at: CreatedAt;
}

export interface LedgerEntriesTable {
  id: Generated<string>;
  transaction_id: string;
  wallet_id: string;
  amount: Money;
  /** The wallet's balance right after this entry (migration 032); written by post_movement. */
  balance_after: ColumnType<string | null, number | string | undefined, never>;
  created_at: CreatedAt;
}
