import type { Currency } from '@sente/contracts/constants';
import type { BankDetails } from '@sente/contracts/transfers-input';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MoneyScope } from '../../lib/money-scope.ts';
import type { Cursor } from '../../lib/pagination.ts';
import type { MovementKind } from '../money/movements.ts';

/** The statement's instants: from the start of its first Kampala day up to (not including) the start of the day after its last. */
export type StatementRange = { from: Date | null; until: Date | null };

/**
 * One entry of a merchant wallet with what moved it: the collection (payer, link) or the transfer (its sides, bank,
 * phone). `id` is the ledger transaction's: a wallet has one entry per transaction.
 */
export type StatementRecord = {
  id: string;
  cursor_ts: string;
  created_at: Date;
  kind: MovementKind;
  amount: string;
  balance_after: string;
  payer_name: string | null;
  collection_amount: string | null;
  link_title: string | null;
  transfer_account_id: string | null;
  transfer_amount: string | null;
  sender_name: string | null;
  recipient_name: string | null;
  bank_details: BankDetails | null;
  payout_msisdn: string | null;
  /** The payer a refund paid back (decision 053), by the refunded payment's name. */
  refunded_payer: string | null;
  /** A payout batch's own reference and row count, on its hold (decision 066). */
  batch_reference: string | null;
  batch_rows: number | null;
};

const inRange = (range: StatementRange) => sql`
  ${range.from ? sql`and e.created_at >= ${range.from}` : sql``}
  ${range.until ? sql`and e.created_at < ${range.until}` : sql``}`;

/** The merchant wallet of the scope and currency (none until money first arrives in it). */
const walletOf = (scope: MoneyScope, currency: Currency) => sql`(
  select id from wallets
   where account_id = ${scope.accountId} and kind = 'merchant' and currency = ${currency}
     and environment = ${scope.environment} and shard = 0)`;

/**
 * Up to `limit` entries of the wallet in the range after the cursor, newest first, by the index on
 * (wallet_id, created_at, transaction_id) of migration 032: a page reads its own rows, however long the history.
 */
export async function statementPage(
  db: Kysely<Database>,
  scope: MoneyScope,
  currency: Currency,
  range: StatementRange,
  cursor: Cursor | null,
  limit: number,
): Promise<StatementRecord[]> {
  const { rows } = await sql<StatementRecord>`
    select e.transaction_id as id, e.created_at::text as cursor_ts, e.created_at, lt.kind,
           e.amount::text as amount, e.balance_after::text as balance_after,
           c.names as payer_name, c.amount::text as collection_amount, l.title as link_title,
           tr.account_id as transfer_account_id, coalesce(tr.amount, pb.total_amount)::text as transfer_amount,
           pb.reference as batch_reference, pb.row_count as batch_rows,
           sender.account_name as sender_name, recipient.account_name as recipient_name,
           tr.bank_details, tr.payout_msisdn, refunded.names as refunded_payer
      from ledger_entries e
      join ledger_transactions lt on lt.id = e.transaction_id
      left join collections c on lt.kind = 'collection' and c.id = lt.reference_id
      left join links l on l.id = c.link_id
      left join transfers tr on lt.kind <> 'collection' and tr.id = lt.reference_id
      left join payout_batches pb on lt.kind = 'batch_payout_hold' and pb.id = lt.reference_id
      left join accounts sender on sender.id = tr.account_id
      left join accounts recipient on recipient.id = tr.recipient_account_id
      left join collections refunded on refunded.id = tr.collection_id
     where e.wallet_id = ${walletOf(scope, currency)} ${inRange(range)}
       ${cursor ? sql`and (e.created_at, e.transaction_id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : sql``}
     order by e.created_at desc, e.transaction_id desc
     limit ${limit}`.execute(db);
  return rows;
}

/** How many entries the wallet has in the range: an index-only count of that range (decision 052). */
export async function countStatementEntries(
  db: Kysely<Database>,
  scope: MoneyScope,
  currency: Currency,
  range: StatementRange,
): Promise<number> {
  const { rows } = await sql<{ total: string }>`
    select count(*)::text as total from ledger_entries e where e.wallet_id = ${walletOf(scope, currency)} ${inRange(range)}`.execute(
    db,
  );
  return Number(rows[0]?.total ?? 0);
}

/** The entries of a range summed by what moved them: one row per kind (and, for a wallet transfer, its side). */
export type StatementGroup = {
  kind: MovementKind;
  /** A wallet transfer this wallet sent (true) or received (false); null for other kinds. */
  sent: boolean | null;
  amount: string;
  collection_amount: string | null;
  transfer_amount: string | null;
};

export type StatementTotalsRecord = {
  /** The balance after the last entry before the range (null: none, the wallet was empty). */
  opening: string | null;
  /** The balance after the last entry before the range's end (null: none). */
  closing: string | null;
  groups: StatementGroup[];
};

/**
 * The range's opening and closing balances and its entries summed by kind, in one statement (one snapshot, so the
 * balances and the sums agree). The balances are the `balance_after` of an entry found by the statement's index; the
 * sums read the range's entries once.
 */
export async function statementTotals(
  db: Kysely<Database>,
  scope: MoneyScope,
  currency: Currency,
  range: StatementRange,
): Promise<StatementTotalsRecord> {
  const wallet = walletOf(scope, currency);
  const balanceBefore = (instant: Date | null) => sql`(
    select e.balance_after::text from ledger_entries e
     where e.wallet_id = ${wallet} ${instant ? sql`and e.created_at < ${instant}` : sql``}
     order by e.created_at desc, e.transaction_id desc limit 1)`;
  const { rows } = await sql<StatementGroup & { opening: string | null; closing: string | null }>`
    with groups as (
      select lt.kind, case when lt.kind = 'wallet_transfer' then tr.account_id = ${scope.accountId} end as sent,
             sum(e.amount)::text as amount, sum(c.amount)::text as collection_amount, sum(coalesce(tr.amount, pb.total_amount))::text as transfer_amount
        from ledger_entries e
        join ledger_transactions lt on lt.id = e.transaction_id
        left join collections c on lt.kind = 'collection' and c.id = lt.reference_id
        left join transfers tr on lt.kind <> 'collection' and tr.id = lt.reference_id
        left join payout_batches pb on lt.kind = 'batch_payout_hold' and pb.id = lt.reference_id
       where e.wallet_id = ${wallet} ${inRange(range)}
       group by 1, 2)
    select g.*, ${range.from ? balanceBefore(range.from) : sql`null::text`} as opening, ${balanceBefore(range.until)} as closing
      from (select 1) one left join groups g on true`.execute(db);
  return {
    opening: rows[0]?.opening ?? null,
    closing: rows[0]?.closing ?? null,
    groups: rows.filter((row) => row.kind !== null).map(({ opening: _o, closing: _c, ...group }) => group),
  };
}
