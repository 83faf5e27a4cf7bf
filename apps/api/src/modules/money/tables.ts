import type { Currency, Environment } from '@sente/contracts/constants';
import type { MovementApproval } from '@sente/contracts/movement-approvals';
import type { TransferKind, TransferStatus } from '@sente/contracts/transfers';
import type { BankDetails } from '@sente/contracts/transfers-input';
import type { ColumnType, Generated, Selectable } from 'kysely';
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

/**
 * Every movement of money out of a wallet, to another account, a bank, a mobile-money number or back to a payer: the
 * transfers module writes most kinds and payments/refunds writes refunds; each row is its movement's outbox (decision 041).
 */
export interface TransfersTable {
  id: Generated<string>;
  account_id: string;
  environment: Environment;
  kind: TransferKind;
  currency: Generated<Currency>;
  amount: Money;
  charge: ColumnType<string, number | string | undefined, number | string>;
  reason: string;
  status: TransferStatus;
  /** The member who moved the money; null for a payout asked for with an API key (migration 018). */
  creator_id: string | null;
  recipient_account_id: string | null;
  bank_details: ColumnType<BankDetails | null, string | null | undefined, string | null>;
  /** The payout's or refund's number; null for other kinds and for a refund of a test card payment (migration 034). */
  payout_msisdn: string | null;
  /** The payment a refund pays back (migration 034); null for every other kind. */
  collection_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A batch payout's batch and row (migration 037); null for every other kind. A row makes at most one transfer. */
  batch_id: ColumnType<string | null, string | null | undefined, string | null>;
  batch_row_id: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * A movement above the account's approval threshold (migration 039, decision 067): 'awaiting' a second member, then
   * 'approved', 'declined' or 'expired'; null when it needed no approval. Who answered, and when the request expires.
   */
  approval_status: ColumnType<MovementApproval | null, MovementApproval | null | undefined, MovementApproval | null>;
  approver_id: ColumnType<string | null, string | null | undefined, string | null>;
  approval_expires_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Which provider a payout went to: `simulator`, `mtn_momo` or `airtel_money` (migration 023); null for other kinds. */
  provider: string | null;
  /** The payout's reference at its provider (migration 019). */
  provider_reference: string | null;
  simulated_outcome: 'successful' | 'failed' | null;
  settle_at: Timestamp | null;
  expires_at: Timestamp | null;
  failure_reason: string | null;
  idempotency_key: string | null;
  /** What the request with the Idempotency-Key asked (decision 016): a replay must ask the same. */
  request_hash: string | null;
  completed_at: Timestamp | null;
  /** How many times applying the row's due outcome failed in the worker (migration 021). */
  worker_attempts: Generated<number>;
  /** Not before then does a worker take the row again: its claim's lease, or the backoff after a failure (migration 021). */
  worker_next_attempt_at: Timestamp | null;
  /** A provider's status answer whose amount or currency is not ours: what it reported, never applied (migration 028). */
  provider_mismatch: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type TransferRecord = Selectable<TransfersTable>;
