import type { Environment } from '@sente/contracts/constants';
import { kampalaDay, kampalaWallClock } from '@sente/contracts/dates';
import { kampalaDayStart } from '@sente/contracts/filters';
import { ALERT_TEXTS } from '@sente/contracts/notifications';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { oneSms } from '../../sms/gsm7.ts';
import { PROMOTIONAL_HOURS } from '../../sms/quiet-hours.ts';
import { queueAlert } from './queue.ts';
import { dayFigureRow, takeDueSummaryMembers } from './repository.ts';

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
  const row = await dayFigureRow(trx, accountId, environment, day);
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
    const due = await takeDueSummaryMembers(trx, today, MEMBERS_PER_PASS);
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
