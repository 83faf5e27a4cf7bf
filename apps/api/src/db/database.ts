import type { AccountsTable, ComplianceFilesTable } from '../modules/accounts/tables.ts';
import type { LowBalanceChecksTable, MemberAlertsTable, NotificationSettingsTable } from '../modules/alerts/tables.ts';
import type { AuthFailuresTable, OneTimeCodesTable, SessionsTable, SignInChallengesTable } from '../modules/auth/tables.ts';
import type { CustomerCountsTable, CustomersTable } from '../modules/customers/tables.ts';
import type { ApiKeysTable, WebhookEventsTable, WebhooksTable } from '../modules/developers/tables.ts';
import type { DomainEventsTable } from '../modules/events/tables.ts';
import type { FilesTable } from '../modules/files/tables.ts';
import type { LinkAttachmentsTable, LinkCountsTable, LinksTable, LinkTotalsTable } from '../modules/links/tables.ts';
import type { LedgerEntriesTable, LedgerTransactionsTable, TransfersTable, WalletsTable } from '../modules/money/tables.ts';
import type { CollectionCountsTable, CollectionEventsTable, CollectionsTable } from '../modules/payments/tables.ts';
import type { CollectionDailyTotalsTable } from '../modules/reports/tables.ts';
import type { ShortLinksTable } from '../modules/short-links/tables.ts';
import type { AccountMembersTable } from '../modules/team/tables.ts';
import type {
  PayoutBatchEventsTable,
  PayoutBatchesTable,
  PayoutBatchRowsTable,
  PayoutRulesTable,
  PinTokensTable,
  TransferCountsTable,
  WalletPinsTable,
} from '../modules/transfers/tables.ts';
import type { UsersTable } from '../modules/users/tables.ts';
import type { SmsMessagesTable } from '../sms/tables.ts';

/** Every table, each typed in the module that owns it. */
export interface Database {
  users: UsersTable;
  one_time_codes: OneTimeCodesTable;
  sessions: SessionsTable;
  auth_failures: AuthFailuresTable;
  sign_in_challenges: SignInChallengesTable;
  accounts: AccountsTable;
  account_members: AccountMembersTable;
  links: LinksTable;
  link_counts: LinkCountsTable;
  short_links: ShortLinksTable;
  files: FilesTable;
  link_attachments: LinkAttachmentsTable;
  compliance_files: ComplianceFilesTable;
  wallets: WalletsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  customers: CustomersTable;
  customer_counts: CustomerCountsTable;
  collections: CollectionsTable;
  collection_events: CollectionEventsTable;
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
  payout_batches: PayoutBatchesTable;
  payout_batch_rows: PayoutBatchRowsTable;
  payout_batch_events: PayoutBatchEventsTable;
  payout_rules: PayoutRulesTable;
  notification_settings: NotificationSettingsTable;
  member_alerts: MemberAlertsTable;
  low_balance_checks: LowBalanceChecksTable;
  sms_messages: SmsMessagesTable;
  domain_events: DomainEventsTable;
}
