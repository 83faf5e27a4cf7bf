import { type Kysely, sql } from 'kysely';

/**
 * Decision 017: what came in each Kampala day, per account, environment, channel and currency, kept by
 * `settle` in the transaction that makes a collection successful, so the dashboard's charts never scan collections.
 * Successful collections from before are added up here once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('collection_daily_totals')
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull().check(sql`environment in ('test', 'production')`))
    /** The calendar day in Africa/Kampala (UTC+3, no daylight saving) of the collection's completed_at. */
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    // The key serves the reports' only read: one account and environment, a range of days.
    .addPrimaryKeyConstraint('collection_daily_totals_pk', ['account_id', 'environment', 'day', 'channel', 'currency'])
    .execute();
  await backfillDailyTotals(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('collection_daily_totals').execute();
}

/**
 * Adds up the successful collections (of one account, or of all) into the roll-up, replacing what it held for them.
 * The day is the Kampala day of completed_at (of updated_at, then created_at, for a row that has none); the same
 * rule as `kampalaDay` in packages/contracts/src/dates.ts, which `settle` uses.
 */
export async function backfillDailyTotals(db: Kysely<any>, accountId?: string): Promise<void> {
  const only = accountId ? sql`and account_id = ${accountId}` : sql``;
  await sql`delete from collection_daily_totals where true ${only}`.execute(db);
  await sql`
    insert into collection_daily_totals (account_id, environment, day, channel, currency, amount, count)
    select account_id, environment,
           ((coalesce(completed_at, updated_at, created_at) at time zone 'UTC') + interval '3 hours')::date,
           channel, currency, sum(amount), count(*)
    from collections
    where status = 'successful' ${only}
    group by 1, 2, 3, 4, 5`.execute(db);
}
