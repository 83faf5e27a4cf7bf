import type { Environment } from '@sente/contracts/constants';
import { RIGHTS } from '@sente/contracts/constants';
import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { kindsSql, PAYOUT_KINDS } from '../money/disbursements.ts';
import type { MemberAlertsTable, NotificationSettingsTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The notification_settings column a kind's choice is kept in; a kind without one is chosen by its threshold. */
export type KindColumn = 'payment_received' | 'daily_summary' | 'payout_failed' | 'refund_done' | 'approval_needed';

/** An alert the worker took with a lease: what it needs to send it and to write its result. */
export type ClaimedAlert = Pick<
  Selectable<MemberAlertsTable>,
  'id' | 'channel' | 'destination' | 'purpose' | 'subject' | 'body' | 'link_path' | 'account_id' | 'user_id' | 'attempts'
>;

/** The joined members of an account who hear of a kind in a mode, with their channels, thresholds and contacts. */
export async function membersHearing(
  trx: Db,
  which: { accountId: string; environment: Environment; column: KindColumn | null; userId?: string },
) {
  let members = trx
    .selectFrom('notification_settings as s')
    .innerJoin('account_members as m', (join) =>
      join.onRef('m.account_id', '=', 's.account_id').onRef('m.user_id', '=', 's.user_id').on('m.removed_at', 'is', null),
    )
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.user_id',
      's.by_email',
      's.by_sms',
      's.payment_above',
      's.low_balance_below',
      'u.email',
      'u.phone',
      'u.phone_verified_at',
    ])
    .where('s.account_id', '=', which.accountId)
    .where(which.environment === 'production' ? 's.live' : 's.test', '=', true);
  if (which.column) members = members.where(`s.${which.column}`, '=', true);
  if (which.userId) members = members.where('s.user_id', '=', which.userId);
  return members.execute();
}

/** Queues alert rows, skipping any the outbox already holds (a daily summary of a member, day, mode and channel). */
export async function insertAlertsOnce(trx: Db, rows: Insertable<MemberAlertsTable>[]): Promise<number> {
  const inserted = await trx
    .insertInto('member_alerts')
    .values(rows)
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .execute();
  return inserted.length;
}

/** Queues alert rows. */
export async function insertAlerts(trx: Db, rows: Insertable<MemberAlertsTable>[]): Promise<number> {
  const inserted = await trx.insertInto('member_alerts').values(rows).returning('id').execute();
  return inserted.length;
}

export const accountName = async (trx: Db, accountId: string) =>
  (await trx.selectFrom('accounts').select('account_name').where('id', '=', accountId).executeTakeFirstOrThrow()).account_name;

/**
 * The joined members of an account whose role may move money, but the maker, each with their choices (null columns
 * for a member who never chose).
 */
export async function approvalRecipients(trx: Db, request: { accountId: string; makerId: string | null }) {
  let query = trx
    .selectFrom('account_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('notification_settings as s', (join) =>
      join.onRef('s.account_id', '=', 'm.account_id').onRef('s.user_id', '=', 'm.user_id'),
    )
    .select(['m.user_id', 'u.email', 'u.phone', 'u.phone_verified_at'])
    .select(['s.account_id as chosen', 's.approval_needed', 's.by_email', 's.by_sms', 's.live', 's.test'])
    .where('m.account_id', '=', request.accountId)
    .where('m.removed_at', 'is', null)
    .where('m.staff_role', 'in', [...RIGHTS.moveMoney]);
  if (request.makerId) query = query.where('m.user_id', '!=', request.makerId);
  return query.execute();
}

export const userNames = (trx: Db, userId: string) =>
  trx.selectFrom('users').select(['firstname', 'lastname']).where('id', '=', userId).executeTakeFirst();

export const batchReference = (trx: Db, batchId: string) =>
  trx.selectFrom('payout_batches').select('reference').where('id', '=', batchId).executeTakeFirst();

/** A payment as its alerts name its payer: the name, the number or card, and its Sente reference. */
export const paymentPayer = (trx: Db, collectionId: string) =>
  trx
    .selectFrom('collections')
    .select(['id', 'names', 'msisdn', 'card_last4', 'transaction_id'])
    .where('id', '=', collectionId)
    .executeTakeFirst();

/**
 * Deletes and answers up to `limit` of the oldest low-balance checks, skipping those another worker holds, so two
 * workers at once take different rows.
 */
export async function takeLowBalanceChecks(trx: Transaction<Database>, limit: number) {
  const { rows } = await sql<{ transaction_id: string }>`
    delete from low_balance_checks
     where transaction_id in (select transaction_id from low_balance_checks order by created_at
                               limit ${limit} for update skip locked)
    returning transaction_id`.execute(trx);
  return rows;
}

/**
 * Each UGX merchant wallet a ledger transaction took money from, with its balance before and after, where some
 * member's low-balance amount lies in the drop. One query that finds no row when no member's amount lies in the drop,
 * as on most movements, so a movement that crosses no line costs this one indexed look-up.
 */
export async function lowBalanceCrossings(trx: Db, ledgerTransactionId: string) {
  const { rows } = await sql<{ account_id: string; environment: Environment; before: string; after: string }>`
    select w.account_id, w.environment, (e.balance_after - e.amount)::text as before, e.balance_after::text as after
      from ledger_entries e join wallets w on w.id = e.wallet_id
     where e.transaction_id = ${ledgerTransactionId} and e.amount < 0
       and w.kind = 'merchant' and w.currency = 'UGX' and w.account_id is not null
       and exists (select 1 from notification_settings s
                    where s.account_id = w.account_id
                      and s.low_balance_below <= e.balance_after - e.amount and s.low_balance_below > e.balance_after)`.execute(
    trx,
  );
  return rows;
}

/** A member's phone and when they proved it. */
export const userPhone = (db: Db, userId: string) =>
  db.selectFrom('users').select(['phone', 'phone_verified_at']).where('id', '=', userId).executeTakeFirst();

export const findSettings = (db: Db, accountId: string, userId: string) =>
  db
    .selectFrom('notification_settings')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/** Writes a member's whole set of choices for an account, over any they had. */
export async function saveSettings(
  db: Db,
  accountId: string,
  userId: string,
  values: Omit<Insertable<NotificationSettingsTable>, 'account_id' | 'user_id'>,
) {
  await db
    .insertInto('notification_settings')
    .values({ account_id: accountId, user_id: userId, ...values })
    .onConflict((conflict) => conflict.columns(['account_id', 'user_id']).doUpdateSet(values))
    .execute();
}

/** Every joined member of the account, oldest first, with their choices (null columns for one who never chose). */
export const teamSettings = (db: Db, accountId: string) =>
  db
    .selectFrom('account_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('notification_settings as s', (join) =>
      join.onRef('s.account_id', '=', 'm.account_id').onRef('s.user_id', '=', 'm.user_id'),
    )
    .select(['u.id as user_id', 'u.firstname', 'u.lastname', 'u.email', 'u.phone', 'u.phone_verified_at', 'm.staff_role'])
    .select([
      's.account_id',
      's.payment_received',
      's.payment_above',
      's.daily_summary',
      's.payout_failed',
      's.refund_done',
      's.low_balance_below',
      's.approval_needed',
      's.by_email',
      's.by_sms',
      's.live',
      's.test',
      's.updated_at',
    ])
    .where('m.account_id', '=', accountId)
    .where('m.removed_at', 'is', null)
    .orderBy('m.created_at')
    .execute();

/**
 * Claims due alerts with a lease (FOR UPDATE SKIP LOCKED) and commits at once; a promotional SMS only when
 * `promotionalNow` says the window is open.
 */
export async function claimDueAlerts(
  db: Db,
  due: { limit: number; now: Date; leaseUntil: Date; promotionalNow: boolean },
): Promise<ClaimedAlert[]> {
  const { rows } = await sql<ClaimedAlert>`
    with due as (
      select id from member_alerts
       where status = 'pending' and next_attempt_at <= ${due.now.toISOString()}::timestamptz
         and (channel = 'email' or purpose = 'transactional' or ${due.promotionalNow})
       order by next_attempt_at
       limit ${due.limit}
       for update skip locked
    )
    update member_alerts a set attempts = a.attempts + 1, next_attempt_at = ${due.leaseUntil.toISOString()}::timestamptz
      from due where a.id = due.id
    returning a.id, a.channel, a.destination, a.purpose, a.subject, a.body, a.link_path, a.account_id, a.user_id, a.attempts`.execute(
    db,
  );
  return rows;
}

/** Writes a claimed alert's result only while its lease holds, so a row claimed again since is not overwritten. */
export const settleAlert = (
  db: Db,
  id: string,
  leaseUntil: Date,
  values: { status: 'pending' | 'sent' | 'failed'; next?: Date; error?: string },
) =>
  db
    .updateTable('member_alerts')
    .set({
      status: values.status,
      ...(values.next ? { next_attempt_at: values.next } : {}),
      ...(values.status === 'sent' ? { sent_at: new Date() } : { last_error: values.error ?? null }),
    })
    .where('id', '=', id)
    .where('next_attempt_at', '=', leaseUntil)
    .execute();

/**
 * Takes up to `limit` members due a daily summary (who ask for one, joined, not yet dealt with `today`) by moving their
 * `summarised_on` to today, skipping rows another worker holds; answers each with their modes and account's name.
 */
export async function takeDueSummaryMembers(trx: Transaction<Database>, today: string, limit: number) {
  const { rows } = await sql<{ account_id: string; user_id: string; live: boolean; test: boolean; account_name: string }>`
    update notification_settings s set summarised_on = ${today}::date
      from accounts a
     where a.id = s.account_id
       and (s.account_id, s.user_id) in (
             select n.account_id, n.user_id from notification_settings n
               join account_members m on m.account_id = n.account_id and m.user_id = n.user_id and m.removed_at is null
              where n.daily_summary and (n.summarised_on is null or n.summarised_on < ${today}::date)
              limit ${limit}
                for update of n skip locked)
    returning s.account_id, s.user_id, s.live, s.test, a.account_name`.execute(trx);
  return rows;
}

/**
 * A day of an account's mode: its successful payments and payouts completed in it (count and sum), the UGX merchant
 * wallet's balance after its last ledger entry before the day's end, and whether the wallet had an entry in the day.
 */
export async function dayFigureRow(
  trx: Transaction<Database>,
  accountId: string,
  environment: Environment,
  day: { start: Date; end: Date },
) {
  const start = day.start.toISOString();
  const end = day.end.toISOString();
  const { rows } = await sql<{
    collected: string;
    count: string;
    paid_out: string;
    payouts: string;
    balance: string;
    moved: boolean;
  }>`
    with w as (
      select id from wallets
       where account_id = ${accountId} and environment = ${environment} and kind = 'merchant' and currency = 'UGX'),
    paid as (
      select coalesce(sum(amount), 0)::text as collected, count(*)::text as count from collections
       where account_id = ${accountId} and environment = ${environment} and status = 'successful'
         and completed_at >= ${start}::timestamptz and completed_at < ${end}::timestamptz),
    out as (
      select coalesce(sum(amount), 0)::text as paid_out, count(*)::text as payouts from transfers
       where account_id = ${accountId} and environment = ${environment} and status = 'successful'
         and kind in ${kindsSql(PAYOUT_KINDS)}
         and completed_at >= ${start}::timestamptz and completed_at < ${end}::timestamptz)
    select paid.*, out.*,
           (select coalesce(sum(last.balance_after), 0)::text
              from w cross join lateral (
                select e.balance_after from ledger_entries e
                 where e.wallet_id = w.id and e.created_at < ${end}::timestamptz
                 order by e.created_at desc, e.transaction_id desc limit 1) last) as balance,
           exists (select 1 from w join ledger_entries e on e.wallet_id = w.id
                    where e.created_at >= ${start}::timestamptz and e.created_at < ${end}::timestamptz) as moved
      from paid, out`.execute(trx);
  return rows[0]!;
}
