import type { Currency, Environment } from '@sente/contracts/constants';
import { kampalaDay } from '@sente/contracts/dates';
import type { PaymentChannel } from '@sente/contracts/payments';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { MoneyScope } from '../../lib/money-scope.ts';
import type { PeriodRange } from './calendar.ts';

/**
 * Adds one successful collection to the daily roll-up (decision 017). Called by `settle` in the transaction that
 * moved the collection from pending to successful, so it runs once per collection; the day is the Kampala day of the
 * collection's completed_at.
 */
export async function addToDailyTotals(
  trx: Transaction<Database>,
  collection: {
    account_id: string;
    environment: Environment;
    channel: PaymentChannel;
    currency: Currency;
    amount: number | string;
    completed_at: Date | string | null;
  },
) {
  await trx
    .insertInto('collection_daily_totals')
    .values({
      account_id: collection.account_id,
      environment: collection.environment,
      day: kampalaDay(collection.completed_at ?? new Date()),
      channel: collection.channel,
      currency: collection.currency,
      amount: collection.amount,
      count: 1,
    })
    .onConflict((oc) =>
      oc.columns(['account_id', 'environment', 'day', 'channel', 'currency']).doUpdateSet({
        amount: sql`collection_daily_totals.amount + excluded.amount`,
        count: sql`collection_daily_totals.count + 1`,
      }),
    )
    .execute();
}

/** The roll-up's sums per key (day or month), channel and currency over a range, on its primary key. */
export function sums(db: Kysely<Database>, scope: MoneyScope, range: PeriodRange) {
  const key = range.unit === 'day' ? sql<string>`to_char(day, 'YYYY-MM-DD')` : sql<string>`to_char(day, 'YYYY-MM')`;
  return db
    .selectFrom('collection_daily_totals')
    .select([key.as('key'), 'channel', 'currency', sql<string>`sum(amount)::text`.as('amount')])
    .where('account_id', '=', scope.accountId)
    .where('environment', '=', scope.environment)
    .where('day', '>=', sql<string>`${range.from}::date`)
    .where('day', '<=', sql<string>`${range.to}::date`)
    .groupBy([sql`1`, 'channel', 'currency'])
    .execute();
}

/** What the scope's successful collections brought in, less their refunds, per currency: the whole roll-up summed. */
export async function receivedInAll(db: Kysely<Database>, scope: MoneyScope) {
  const rows = await db
    .selectFrom('collection_daily_totals')
    .select(['currency', sql<string>`sum(amount)::text`.as('amount')])
    .where('account_id', '=', scope.accountId)
    .where('environment', '=', scope.environment)
    .groupBy('currency')
    .orderBy('currency', 'desc')
    .execute();
  return rows.filter((row) => Number(row.amount) !== 0).map((row) => ({ currency: row.currency, amount: Number(row.amount) }));
}
