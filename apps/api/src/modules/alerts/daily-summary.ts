import type { Environment } from '@sente/contracts/constants';
import { kampalaDay, kampalaWallClock } from '@sente/contracts/dates';
import { kampalaDayStart } from '@sente/contracts/filters';
import { ALERT_TEXTS } from '@sente/contracts/notifications';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { oneSms } from '../../sms/gsm7.ts';
import { PROMOTIONAL_HOURS } from '../../sms/quiet-hours.ts';
import { queueAlert } from './queue.ts';

/** How many members' summaries one pass deals with; the others are next pass's. */
const MEMBERS_PER_PASS = 100;
const DAY_MS = 86_400_000;

type DayFigures = { payments: number; collected: number; payouts: number; paidOut: number; balance: number };

/**
 * A Kampala day of an account's mode, from its rows: the payments and payouts completed in it, and the UGX wallet's
 * closing balance (the balance after its last ledger entry before the day's end, decision 052). Undefined when the
 * mode had nothing that day and holds nothing: no entry of the wallet in the day and no money in it at its end.
 */
async function dayFigures(
  trx: Transaction<Database>,
  accountId: string,
  environment: Environment,
  day: { start: Date; end: Date },
): Promise<DayFigures | undefined> {
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
         and kind in ('payout', 'batch_payout')
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
  const row = rows[0]!;
  const figures = {
    payments: Number(row.count),
    collected: Number(row.collected),
    payouts: Number(row.payouts),
    paidOut: Number(row.paid_out),
    balance: Number(row.balance),
  };
  const nothing = !row.moved && figures.balance === 0 && figures.payments === 0 && figures.payouts === 0;
  return nothing ? undefined : figures;
}

/**
 * Queues the daily summaries due at `now`: after 08:00 EAT, each member who asks for one gets, once a Kampala day, the
 * summary of the day before of each mode they chose, by each channel they chose, unless that mode had nothing that day
 * and holds nothing. Each due member is taken by moving their `summarised_on` to today (migration 049, decision 075)
 * in the transaction that queues their summaries, skipping rows another worker holds: a member is dealt with once a
 * day, whether or not there was anything to tell. Answers how many rows it queued.
 */
export async function queueDailySummaries(db: Kysely<Database>, now: Date): Promise<number> {
  if (kampalaWallClock(now).getUTCHours() < PROMOTIONAL_HOURS.from) return 0;
  const today = kampalaDay(now);
  const end = kampalaDayStart(today);
  const day = { start: new Date(end.getTime() - DAY_MS), end };
  const yesterday = kampalaDay(day.start);
  return db.transaction().execute(async (trx) => {
    const { rows: due } = await sql<{ account_id: string; user_id: string; live: boolean; test: boolean; account_name: string }>`
      update notification_settings s set summarised_on = ${today}::date
        from accounts a
       where a.id = s.account_id
         and (s.account_id, s.user_id) in (
               select n.account_id, n.user_id from notification_settings n
                 join account_members m on m.account_id = n.account_id and m.user_id = n.user_id and m.removed_at is null
                where n.daily_summary and (n.summarised_on is null or n.summarised_on < ${today}::date)
                limit ${MEMBERS_PER_PASS}
                  for update of n skip locked)
      returning s.account_id, s.user_id, s.live, s.test, a.account_name`.execute(trx);
    const figuresOf = new Map<string, Promise<DayFigures | undefined>>();
    let queued = 0;
    for (const member of due) {
      const environments = [...(member.live ? (['production'] as const) : []), ...(member.test ? (['test'] as const) : [])];
      for (const environment of environments) {
        const key = `${member.account_id} ${environment}`;
        if (!figuresOf.has(key)) figuresOf.set(key, dayFigures(trx, member.account_id, environment, day));
        const figures = await figuresOf.get(key);
        if (!figures) continue;
        const say = (account: string) =>
          ALERT_TEXTS.dailySummary({ account, day: yesterday, live: environment === 'production', ...figures });
        queued += await queueAlert(trx, {
          accountId: member.account_id,
          environment,
          kind: 'daily_summary',
          userId: member.user_id,
          purpose: 'promotional',
          summaryDay: today,
          ...say(member.account_name),
          sms: oneSms([member.account_name], ([account]) => say(account!).text),
          linkPath: `/settlements?view=statement&from=${yesterday}&to=${yesterday}`,
        });
      }
    }
    return queued;
  });
}
