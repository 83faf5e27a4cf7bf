import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { backfillDailyTotals } from '../../db/migrations/2026_11_24_008_collection_daily_totals.ts';

// What the demo needs that no feature does: spreading its collections over past months, and counting them.

export async function countSuccessful(db: Kysely<Database>, accountIds: string[]): Promise<number> {
  const row = await db
    .selectFrom('collections')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('account_id', 'in', accountIds)
    .where('status', '=', 'successful')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How long after it was made a demo payment completed (its backdated completed_at). */
export const PAID_AFTER_MS = 20_000;

/**
 * Gives each collection the time it was paid, and its customer and its timeline's steps the same times, in one
 * transaction. The ledger is not touched (its rows are immutable, migration 019, and stamped by the database's clock):
 * its lines stay on the day of the seed, when the money really moved (decision 084).
 */
export async function backdateCollections(
  db: Kysely<Database>,
  accountId: string,
  paidAt: { id: string; at: Date }[],
): Promise<void> {
  if (paidAt.length === 0) return;
  const ids = paidAt.map((row) => row.id);
  const times = paidAt.map((row) => row.at.toISOString());
  await db.transaction().execute(async (trx) => {
    const dated = sql`(select unnest(${ids}::uuid[]) as id, unnest(${times}::timestamptz[]) as at)`;
    // Each payment's timeline (migration 033) moves with it, its steps and its webhook event's queueing as far apart
    // as they were (the demo accounts set no webhook URL: their events are never sent).
    await sql`update collection_events e set created_at = d.at + (e.created_at - c.created_at)
      from ${dated} d join collections c on c.id = d.id
      where e.collection_id = d.id and c.account_id = ${accountId}`.execute(trx);
    await sql`update webhook_events w set created_at = d.at + (w.created_at - c.created_at)
      from ${dated} d join collections c on c.id = d.id
      where w.collection_id = d.id and w.account_id = ${accountId}`.execute(trx);
    await sql`update collections c set created_at = d.at, completed_at = d.at + ${PAID_AFTER_MS}::int * interval '1 millisecond'
      from ${dated} d where c.id = d.id and c.account_id = ${accountId}`.execute(trx);
    await sql`update customers cu set created_at = s.first_at, last_paid_at = s.last_at
      from (select customer_id, min(created_at) as first_at, max(completed_at) as last_at
            from collections where account_id = ${accountId} and customer_id is not null group by customer_id) s
      where cu.id = s.customer_id`.execute(trx);
    // The reports' daily roll-up counted each payment on the day it was settled: count them on their paid days.
    await backfillDailyTotals(trx, accountId);
  });
}
