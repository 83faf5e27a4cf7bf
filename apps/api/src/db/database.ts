import type { BusinessDetails, ComplianceDocumentName } from '@sente/contracts/accounts';
import type { Environment, StaffRole } from '@sente/contracts/constants';
import type { WebhookField } from '@sente/contracts/developers';
import type { BankDetails, TransferKind, TransferStatus } from '@sente/contracts/wallet';
import type { WebhookDeliveryStatus } from '@sente/contracts/webhook-deliveries';
import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface UsersTable {
  id: Generated<string>;
  firstname: string;
  lastname: string;
  email: string;
  phone: string | null;
  password_hash: string;
  verified_at: Timestamp | null;
  current_account_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type CodePurpose = 'verify_account' | 'login' | 'password_reset' | 'wallet_pin_reset';

export interface OneTimeCodesTable {
  id: Generated<string>;
  user_id: string;
  purpose: CodePurpose;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  refresh_hash: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  user_agent: string | null;
  created_at: CreatedAt;
  rotated_at: Timestamp | null;
}

export interface AccountsTable {
  id: Generated<string>;
  user_id: string;
  account_name: string;
  account_number: string;
  is_approved: Generated<boolean>;
  approved_at: Timestamp | null;
  active_environment: Generated<Environment>;
  company_logo: string | null;
  /** `{ bank_name, account_number, account_name }` (contracts BankDetails), or null until saved. */
  bank_details: ColumnType<BankDetails | null, string | null | undefined, string | null>;
  /** Spec §3 business details (contracts BusinessDetails), or null until saved. */
  business_details: ColumnType<BusinessDetails | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** An account's compliance document (spec §3 account files): one of its own certificate uploads. */
export interface ComplianceFilesTable {
  id: Generated<string>;
  position: ColumnType<number, never, never>;
  account_id: string;
  document: ComplianceDocumentName;
  file_name: string;
  file_path: string;
  created_by: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface AccountMembersTable {
  id: Generated<string>;
  account_id: string;
  user_id: string | null;
  email: string;
  staff_role: StaffRole;
  creator_id: string;
  removed_at: Timestamp | null;
  created_at: CreatedAt;
  /** Team invitations (migration 010): SHA-256 of the e-mailed token, when it runs out, when the invitee joined. */
  invite_token_hash: string | null;
  invite_expires_at: Timestamp | null;
  joined_at: Timestamp | null;
}

export type LinkKind = 'payment_link' | 'donation_link' | 'digital_item';

export interface LinksTable {
  id: Generated<string>;
  account_id: string;
  kind: LinkKind;
  ref: string;
  title: string;
  description: string | null;
  /** bigint: read as a string from pg; convert with Number() (UGX amounts stay far below 2^53). */
  amount: ColumnType<string, number | string, number | string>;
  fixed_amount: Generated<boolean>;
  original_price: ColumnType<string | null, number | string | null, number | string | null>;
  type: Generated<'public' | 'private'>;
  category: string | null;
  beneficiary: string | null;
  image: string | null;
  file: string | null;
  extra_fields: ColumnType<unknown, string, string>;
  redirect_url: string | null;
  seller_note: string | null;
  buyer_note: string | null;
  is_disabled: Generated<boolean>;
  is_hidden: Generated<boolean>;
  created_by: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ShortLinksTable {
  code: string;
  long_url: string;
  created_at: CreatedAt;
}

export type FileVisibility = 'public' | 'members' | 'private';

export interface FilesTable {
  id: Generated<string>;
  account_id: string;
  folder: string;
  path: string;
  visibility: FileVisibility;
  original_name: string;
  mime_type: string;
  size_bytes: ColumnType<string, number, never>;
  created_by: string;
  created_at: CreatedAt;
}

/** One of the account's attachment uploads on a payment link (migration 025), `position` from 0 in the link's order. */
export interface LinkAttachmentsTable {
  link_id: string;
  file_id: string;
  position: number;
}

/** bigint columns: read as a string from pg; convert with Number() (UGX amounts stay far below 2^53). */
type Money = ColumnType<string, number | string, number | string>;

export type WalletKind = 'merchant' | 'platform_fee' | 'provider_clearing' | 'settlement_hold';
export type Currency = 'UGX' | 'USD';

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

export interface CustomersTable {
  id: Generated<string>;
  account_id: string;
  environment: Environment;
  /** The name of the latest payment. */
  names: string;
  /** Every earlier name of the payer's payments, the most recently used first (migration 027). */
  other_names: Generated<string[]>;
  email: string | null;
  phone: string | null;
  payments_count: Generated<number>;
  total_paid: ColumnType<string, number | string | undefined, number | string>;
  last_paid_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export type CollectionStatus = 'pending' | 'successful' | 'failed';
export type PaymentChannel = 'MTN_UG' | 'AIRTEL' | 'CARD';

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
  /** What the request with the Idempotency-Key asked (issue 12): a replay must ask the same. */
  request_hash: string | null;
  /** The merchant's own reference and metadata of a collection asked for through /v1 (migration 018), else null. */
  reference: string | null;
  metadata: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  completed_at: Timestamp | null;
  /** Its refunds that are pending or successful, summed (migration 036, kept by wallet/refunded-totals.ts). */
  amount_refunded: ColumnType<string, never, number | string>;
  /** How many times applying the row's due outcome failed in the worker (migration 021). */
  worker_attempts: Generated<number>;
  /** Not before then does a worker take the row again: its claim's lease, or the backoff after a failure (migration 021). */
  worker_next_attempt_at: Timestamp | null;
  /** A live payment failed here without its provider's word: when the provider is next asked about it (migration 024). */
  late_check_at: Timestamp | null;
  /** A provider's status answer whose amount or currency is not ours: what it reported, never applied (migration 028). */
  provider_mismatch: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface LinkTotalsTable {
  link_id: string;
  environment: Environment;
  successful_total: ColumnType<string, number | string | undefined, number | string>;
  successful_count: Generated<number>;
}

/** Successful collections per account, environment, Kampala day, channel and currency (decision 017). */
export interface CollectionDailyTotalsTable {
  account_id: string;
  environment: Environment;
  /** 'YYYY-MM-DD' in Africa/Kampala; select it as text (a pg date would be read as a local midnight). */
  day: string;
  channel: PaymentChannel;
  currency: Currency;
  amount: ColumnType<string, number | string | undefined, number | string>;
  count: Generated<number>;
}

/** How many collections an account has in an environment, kept by the `collections_counted_*` triggers (migration 015). */
export interface CollectionCountsTable {
  account_id: string;
  environment: Environment;
  total: ColumnType<string, never, never>;
}

/** How many transfers an account sent and received in an environment, kept by a trigger (migration 019). */
export interface TransferCountsTable {
  account_id: string;
  environment: Environment;
  total: ColumnType<string, never, never>;
}

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
}

/**
 * An account's API keys and webhook signing secret (spec §3 API keys), each encrypted (lib/encryption.ts); the keys
 * also as their HMAC under the lookup secret, by which a presented key finds its account.
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

/** An account's webhook URLs (spec §3 Webhooks), null when unset; shared by both environments (DESIGN §4). */
export interface WebhooksTable {
  account_id: string;
  collection_url: string | null;
  payment_url: string | null;
  updated_at: Timestamp;
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

export interface TransfersTable {
  id: Generated<string>;
  account_id: string;
  environment: Environment;
  kind: TransferKind;
  currency: Generated<'UGX' | 'USD'>;
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
  /** Which provider a payout went to: `simulator`, `mtn_momo` or `airtel_money` (migration 023); null for other kinds. */
  provider: string | null;
  /** The payout's reference at its provider (migration 019). */
  provider_reference: string | null;
  simulated_outcome: 'successful' | 'failed' | null;
  settle_at: Timestamp | null;
  expires_at: Timestamp | null;
  failure_reason: string | null;
  idempotency_key: string | null;
  /** What the request with the Idempotency-Key asked (issue 12): a replay must ask the same. */
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

export interface Database {
  users: UsersTable;
  one_time_codes: OneTimeCodesTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  account_members: AccountMembersTable;
  links: LinksTable;
  short_links: ShortLinksTable;
  files: FilesTable;
  link_attachments: LinkAttachmentsTable;
  compliance_files: ComplianceFilesTable;
  wallets: WalletsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  customers: CustomersTable;
  collections: CollectionsTable;
  link_totals: LinkTotalsTable;
  collection_daily_totals: CollectionDailyTotalsTable;
  collection_counts: CollectionCountsTable;
  transfer_counts: TransferCountsTable;
  webhook_events: WebhookEventsTable;
  api_keys: ApiKeysTable;
  webhooks: WebhooksTable;
  wallet_pins: WalletPinsTable;
  pin_tokens: PinTokensTable;
  transfers: TransfersTable;
}

export type UserRow = Selectable<UsersTable>;
export type AccountRow = Selectable<AccountsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type CodeRow = Selectable<OneTimeCodesTable>;
export type LinkRow = Selectable<LinksTable>;
export type TransferRecord = Selectable<TransfersTable>;
