import type { Currency } from '@sente/contracts/constants';
import { containsPattern, kampalaDayEnd, kampalaDayStart, searchedPhone } from '@sente/contracts/filters';
import type { MovementApproval } from '@sente/contracts/movement-approvals';
import type { TransferKind, TransfersFilter } from '@sente/contracts/transfers';
import { type Insertable, type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type MoneyScope, readCounter } from '../../lib/money-scope.ts';
import { type Cursor, PAGE_SIZE } from '../../lib/pagination.ts';
import { changedBy } from '../../lib/request-context.ts';
import { DISBURSEMENT_KINDS, kindsSql, OUT_KINDS } from '../money/disbursements.ts';
import type { PayoutAccepted } from '../money/providers/provider.ts';
import type { TransferRecord, TransfersTable } from '../money/tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Whether a transfer may go on to its provider or operator: it needed no approval, or it was approved (decision 067). */
const MAY_PROCEED = sql<boolean>`coalesce(approval_status, 'approved') = 'approved'`;

const after = (cursor: Cursor | null) =>
  cursor ? sql<boolean>`(t.created_at, t.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : sql<boolean>`true`;

/**
 * What the transfers list is narrowed by (contracts `transfersFilterQuery`, without the cursor), and the header
 * search's text: a payout's phone however written, exactly, or a part of the reason.
 */
export type TransfersWhere = Omit<TransfersFilter, 'cursor'> & { q?: string };

/** Every filter given, as one condition on `transfers` aliased t: status, kind, inclusive Kampala days, text. */
function transfersCondition(where: TransfersWhere) {
  const parts: RawBuilder<unknown>[] = [];
  if (where.status === 'awaiting_approval') parts.push(sql`t.status = 'pending' and t.approval_status = 'awaiting'`);
  else if (where.status) parts.push(sql`t.status = ${where.status}`);
  if (where.kind) parts.push(sql`t.kind = ${where.kind}`);
  if (where.from) parts.push(sql`t.created_at >= ${kampalaDayStart(where.from).toISOString()}::timestamptz`);
  if (where.to) parts.push(sql`t.created_at < ${kampalaDayEnd(where.to).toISOString()}::timestamptz`);
  if (where.q) {
    const phone = searchedPhone(where.q);
    parts.push(phone ? sql`t.payout_msisdn = ${phone}` : sql`t.reason ilike ${containsPattern(where.q)}`);
  }
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` and `)})` : sql<boolean>`true`;
}

/**
 * The filters on the received half: a held transfer waits on its sender's members alone, so Awaiting approval lists
 * none the account received.
 */
const receivedCondition = (where: TransfersWhere) =>
  where.status === 'awaiting_approval' ? sql<boolean>`false` : transfersCondition(where);

/**
 * The list's columns from `source` (aliased t), with the creator's names (null for a payout an API key asked for) and
 * both accounts' names and numbers.
 */
const listColumns = (source: 'page' | 'transfers') => sql`
  select t.id, t.created_at::text as cursor_ts, t.created_at, t.kind, t.account_id, t.recipient_account_id,
         t.amount::text as amount, t.charge::text as charge, t.currency, t.reason, t.status, t.bank_details, t.payout_msisdn,
         t.failure_reason, t.collection_id, t.creator_id, t.approval_status, t.approval_expires_at,
         u.firstname as creator_firstname, u.lastname as creator_lastname,
         a.firstname as approver_firstname, a.lastname as approver_lastname,
         s.account_name as sender_name, s.account_number as sender_number,
         r.account_name as recipient_name, r.account_number as recipient_number
  from ${sql.table(source)} t
  left join users u on u.id = t.creator_id
  left join users a on a.id = t.approver_id
  join accounts s on s.id = t.account_id
  left join accounts r on r.id = t.recipient_account_id`;

/** A transfer as the /settlements list and the export read it: both sides' names, from the caller's side. */
export type TransferListRecord = {
  id: string;
  cursor_ts: string;
  created_at: Date;
  kind: TransferKind;
  account_id: string;
  recipient_account_id: string | null;
  amount: string;
  charge: string;
  currency: Currency;
  reason: string;
  status: 'pending' | 'successful' | 'rejected';
  bank_details: { bank_name: string; account_number: string; account_name: string } | null;
  payout_msisdn: string | null;
  failure_reason: string | null;
  collection_id: string | null;
  creator_id: string | null;
  approval_status: MovementApproval | null;
  approval_expires_at: Date | null;
  creator_firstname: string | null;
  creator_lastname: string | null;
  approver_firstname: string | null;
  approver_lastname: string | null;
  sender_name: string;
  sender_number: string;
  recipient_name: string | null;
  recipient_number: string | null;
};

/**
 * PAGE_SIZE + 1 transfers of the account after the cursor, newest first: those it sent or requested
 * (transfers_sent_idx) and the wallet transfers it received (transfers_received_idx), each read on its own
 * index and merged, so the 50th page costs what the first does.
 */
export async function transfersPage(
  db: Kysely<Database>,
  scope: MoneyScope,
  cursor: Cursor | null,
  limit = PAGE_SIZE + 1,
  where: TransfersWhere = {},
): Promise<TransferListRecord[]> {
  const matches = transfersCondition(where);
  const received = receivedCondition(where);
  const { rows } = await sql<TransferListRecord>`
    with page as (
      (select t.* from transfers t
         where t.account_id = ${scope.accountId} and t.environment = ${scope.environment} and ${after(cursor)} and ${matches}
         order by t.created_at desc, t.id desc limit ${limit})
      union all
      (select t.* from transfers t
         where t.recipient_account_id = ${scope.accountId} and t.environment = ${scope.environment} and ${after(cursor)}
           and ${received}
         order by t.created_at desc, t.id desc limit ${limit})
    )
    ${listColumns('page')}
    order by t.created_at desc, t.id desc
    limit ${limit}`.execute(db);
  return rows;
}

/** Transfers sent and received in the account's environment: one counter row (migration 019), not a count(*). */
export const countTransfers = (db: Kysely<Database>, scope: MoneyScope) => readCounter(db, 'transfer_counts', scope);

/**
 * Transfers sent and received that match the filters, counted exactly: an account's transfers are counted in
 * hundreds or thousands, not millions (decision 051), and each half is read on its own index.
 */
export async function countFilteredTransfers(db: Kysely<Database>, scope: MoneyScope, where: TransfersWhere): Promise<number> {
  const matches = transfersCondition(where);
  const received = receivedCondition(where);
  const { rows } = await sql<{ total: string }>`select
      (select count(*) from transfers t
         where t.account_id = ${scope.accountId} and t.environment = ${scope.environment} and ${matches})
    + (select count(*) from transfers t
         where t.recipient_account_id = ${scope.accountId} and t.environment = ${scope.environment} and ${received}) as total`.execute(
    db,
  );
  return Number(rows[0]?.total ?? 0);
}

/** The transfer a key made in this account and environment: the other environment's keys are its own (migration 018). */
export const findByIdempotencyKey = (db: Kysely<Database>, scope: MoneyScope, key: string) =>
  db
    .selectFrom('transfers')
    .select(['id', 'kind', 'request_hash'])
    .where('account_id', '=', scope.accountId)
    .where('environment', '=', scope.environment)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

/** One transfer as the list shows it (after it was made or replayed). */
export async function listRecord(db: Kysely<Database>, id: string): Promise<TransferListRecord> {
  const { rows } = await sql<TransferListRecord>`
    ${listColumns('transfers')}
    where t.id = ${id}`.execute(db);
  if (!rows[0]) throw new Error(`transfer ${id} vanished`);
  return rows[0];
}

export const accountById = (db: Kysely<Database>, id: string) =>
  db
    .selectFrom('accounts')
    .select(['id', 'user_id', 'account_name', 'account_number', 'bank_details'])
    .where('id', '=', id)
    .executeTakeFirst();

export const accountByNumber = (db: Kysely<Database>, accountNumber: string) =>
  db
    .selectFrom('accounts')
    .select(['id', 'user_id', 'account_name', 'account_number'])
    .where('account_number', '=', accountNumber)
    .executeTakeFirst();

export const setBankDetails = (db: Kysely<Database>, accountId: string, details: object) =>
  db
    .updateTable('accounts')
    .set({ bank_details: JSON.stringify(details), settings_changed_by: changedBy(), updated_at: new Date() })
    .where('id', '=', accountId)
    .execute();

/** Settlements waiting for an operator, oldest first (npm run ops -- settlements:list). */
export const pendingSettlements = (db: Kysely<Database>) =>
  db
    .selectFrom('transfers')
    .innerJoin('accounts', 'accounts.id', 'transfers.account_id')
    .select([
      'transfers.id',
      'transfers.created_at',
      'transfers.environment',
      'transfers.amount',
      'transfers.charge',
      'transfers.reason',
      'transfers.bank_details',
      'accounts.account_name',
      'accounts.account_number',
    ])
    .where('transfers.kind', '=', 'settlement')
    .where('transfers.status', '=', 'pending')
    .where(sql<boolean>`coalesce(transfers.approval_status, 'approved') = 'approved'`)
    .orderBy('transfers.created_at')
    .execute();

/**
 * Moves a pending settlement, payout or refund of one of `kinds` to its outcome (rejected with `failureReason`, or
 * successful when it is null) and answers it; undefined when it is not pending, so the outcome is applied once.
 */
export function completePendingTransfer(trx: Db, id: string, kinds: readonly TransferKind[], failureReason: string | null) {
  const now = new Date();
  return (
    trx
      .updateTable('transfers')
      .set({
        status: failureReason === null ? 'successful' : 'rejected',
        failure_reason: failureReason,
        completed_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .where('kind', 'in', kinds)
      .where('status', '=', 'pending')
      // Held for the operator (decision 040): nothing is applied to it, whoever reports.
      .where('provider_mismatch', 'is', null)
      // Paid only once approved, where it needed a second member (decision 067); returned either way.
      .where(failureReason === null ? MAY_PROCEED : sql<boolean>`true`)
      .returningAll()
      .executeTakeFirst()
  );
}

/**
 * Records what the provider said when it accepted a payout: its reference and, from the simulator, its decision. A live
 * row leaves the outbox (lib/hand-over.ts): its hand-over lease is cleared and it is next looked at on the poll
 * schedule. Recorded once: a second hand-over of the same row (same reference) changes nothing.
 */
export function recordPayoutAccepted(db: Db, id: string, accepted: PayoutAccepted, firstCheckAt: Date) {
  return db
    .updateTable('transfers')
    .set({
      provider_reference: accepted.providerReference,
      simulated_outcome: accepted.simulated?.outcome ?? null,
      settle_at: accepted.simulated ? accepted.simulated.settleAt : firstCheckAt,
      worker_next_attempt_at: null,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('provider_reference', 'is', null)
    .execute();
}

/** A pending payout or refund never handed to its provider (decision 041): what handing it over needs. */
export const payoutAwaitingHandOver = (db: Kysely<Database>, id: string) =>
  db
    .selectFrom('transfers')
    .select(['id', 'provider', 'payout_msisdn', 'amount', 'currency'])
    .where('id', '=', id)
    .where('kind', 'in', DISBURSEMENT_KINDS)
    .where('status', '=', 'pending')
    .where('provider_reference', 'is', null)
    .where(MAY_PROCEED)
    .executeTakeFirst();

/** Writes the transfer row; null when a concurrent request with the same Idempotency-Key already did. */
export async function insertTransfer(
  trx: Transaction<Database>,
  values: Insertable<TransfersTable>,
): Promise<TransferRecord | null> {
  const row = await trx
    .insertInto('transfers')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['account_id', 'environment', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}

/** An account's payout rules as stored; none for an account that never set them. */
export const findPayoutRules = (db: Db, accountId: string) =>
  db.selectFrom('payout_rules').selectAll().where('account_id', '=', accountId).executeTakeFirst();

/** Writes an account's whole set of payout rules, over any it had. */
export async function upsertPayoutRules(
  db: Db,
  accountId: string,
  values: Omit<Insertable<Database['payout_rules']>, 'account_id'>,
): Promise<void> {
  await db
    .insertInto('payout_rules')
    .values({ account_id: accountId, ...values })
    .onConflict((conflict) => conflict.column('account_id').doUpdateSet(values))
    .execute();
}

/** Every kind of money out of an account that its daily caps count: every kind of money out, and a wallet transfer. */
const COUNTED_KINDS = kindsSql([...Object.keys(OUT_KINDS), 'wallet_transfer']);

/**
 * The sums, as text, of what left the account in its environment since `since` and of what `memberId` moved of it:
 * every counted kind not rejected but the transfer `excluded`, and the queued rows of batches approved since, for
 * their maker (a batch approved holds its rows at once; the worker writes their transfers later).
 */
export async function sentOutSince(db: Db, scope: MoneyScope, memberId: string | null, since: Date, excluded: string | null) {
  const { rows } = await sql<{ account: string; member: string }>`
    select coalesce(sum(amount), 0)::text as account,
           coalesce(sum(amount) filter (where creator_id = ${memberId}), 0)::text as member
      from (select amount, creator_id from transfers
             where account_id = ${scope.accountId} and environment = ${scope.environment}
               and created_at >= ${since} and kind in ${COUNTED_KINDS} and status <> 'rejected'
               and id is distinct from ${excluded}
            union all
            select r.amount_value, b.maker_id from payout_batch_rows r join payout_batches b on b.id = r.batch_id
             where b.account_id = ${scope.accountId} and b.environment = ${scope.environment}
               and b.approved_at >= ${since} and r.status = 'queued') sent`.execute(db);
  return rows[0];
}

/** A transfer's status and environment, by its id alone (a provider's report names no account). */
export const transferStatus = (db: Db, id: string) =>
  db.selectFrom('transfers').select(['status', 'environment']).where('id', '=', id).executeTakeFirst();

/** Whether the account has a transfer of this id: its id, or undefined. */
export const transferIdOfAccount = (db: Db, accountId: string, id: string) =>
  db.selectFrom('transfers').select('id').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
