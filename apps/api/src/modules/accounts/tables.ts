import type { BusinessDetails, ComplianceDocumentName } from '@sente/contracts/accounts';
import type { Environment } from '@sente/contracts/constants';
import type { BankDetails } from '@sente/contracts/transfers-input';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, Timestamp } from '../../db/columns.ts';

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
  /** The business details (contracts BusinessDetails), or null until saved. */
  business_details: ColumnType<BusinessDetails | null, string | null | undefined, string | null>;
  /** Its payers get an SMS receipt when a payment succeeds (migration 042); off by default, as SMS costs money. */
  sms_receipts: Generated<boolean>;
  /** Who last changed the bank details, business details, logo or SMS receipts, as describeActor writes it (migration 052). */
  settings_changed_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** An account's compliance document: one of its own certificate uploads. */
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

export type AccountRow = Selectable<AccountsTable>;
