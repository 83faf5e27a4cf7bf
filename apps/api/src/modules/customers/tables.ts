import type { Environment } from '@sente/contracts/constants';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Timestamp } from '../../db/columns.ts';

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
  /** Refunds of their payments not paid yet, summed (migration 047, kept by payments/refunds/repository.ts). */
  refund_pending: ColumnType<string, never, number | string>;
  last_paid_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** The customers list's total, kept by triggers on customers (migration 020). */
export interface CustomerCountsTable {
  account_id: string;
  environment: Environment;
  total: ColumnType<string, never, never>;
}
