import type { Environment } from '@sente/contracts/constants';
import type { LinkKind, LinkVisibility } from '@sente/contracts/links';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, Timestamp } from '../../db/columns.ts';

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
  type: Generated<LinkVisibility>;
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

/** One of the account's attachment uploads on a payment link (migration 025), `position` from 0 in the link's order. */
export interface LinkAttachmentsTable {
  link_id: string;
  file_id: string;
  position: number;
}

export interface LinkTotalsTable {
  link_id: string;
  environment: Environment;
  successful_total: ColumnType<string, number | string | undefined, number | string>;
  successful_count: Generated<number>;
}

/** How many visible (not hidden) links of one kind an account has: what its list pages through (migration 020). */
export interface LinkCountsTable {
  account_id: string;
  kind: LinkKind;
  total: ColumnType<string, never, never>;
}

export type LinkRow = Selectable<LinksTable>;
