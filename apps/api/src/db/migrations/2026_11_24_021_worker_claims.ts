import { type Kysely, sql } from 'kysely';

/**
 * One background worker claiming due rows with FOR UPDATE SKIP LOCKED (decision 029):
 * - `collections` and `transfers` get `worker_attempts` (how many times applying the row's due outcome failed) and
 *   `worker_next_attempt_at` (not before then does a worker take the row again: the lease of its claim, or the backoff
 *   after a failure; null until first claimed).
 * - A pending row is due at the later of when its outcome is due (the simulator's `settle_at`, or `expires_at`,
 *   whichever comes first) and `worker_next_attempt_at`. One partial index per table holds exactly that expression,
 *   so the claim is a range scan over due rows only; it replaces the sweeps' indexes on `settle_at` and `expires_at`.
 * - `pin_tokens` are purged a day after they were used or expired: an index on the time a token stopped being usable.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['collections', 'transfers']) {
    await db.schema
      .alterTable(table)
      .addColumn('worker_attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('worker_next_attempt_at', 'timestamptz')
      .execute();
  }
  await sql`drop index collections_due_idx`.execute(db);
  await sql`drop index collections_expiry_idx`.execute(db);
  await sql`create index collections_worker_due_idx on collections
            ((greatest(least(case when simulated_outcome is not null then settle_at end, expires_at), worker_next_attempt_at)))
            where status = 'pending'`.execute(db);
  await sql`drop index transfers_due_idx`.execute(db);
  await sql`create index transfers_worker_due_idx on transfers
            ((greatest(least(case when simulated_outcome is not null then settle_at end, expires_at), worker_next_attempt_at)))
            where kind = 'payout' and status = 'pending'`.execute(db);
  await sql`create index pin_tokens_spent_idx on pin_tokens ((least(used_at, expires_at)))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index pin_tokens_spent_idx`.execute(db);
  await sql`drop index transfers_worker_due_idx`.execute(db);
  await sql`create index transfers_due_idx on transfers (settle_at) where kind = 'payout' and status = 'pending'`.execute(db);
  await sql`drop index collections_worker_due_idx`.execute(db);
  await sql`create index collections_due_idx on collections (settle_at) where status = 'pending'`.execute(db);
  await sql`create index collections_expiry_idx on collections (expires_at) where status = 'pending'`.execute(db);
  for (const table of ['collections', 'transfers']) {
    await db.schema.alterTable(table).dropColumn('worker_attempts').dropColumn('worker_next_attempt_at').execute();
  }
}
