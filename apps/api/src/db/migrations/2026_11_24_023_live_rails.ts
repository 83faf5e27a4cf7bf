import { type Kysely, sql } from 'kysely';

/**
 * Live rails (decision 032):
 * - `transfers.provider`: which provider a payout went to (`simulator`, `mtn_momo`, `airtel_money`), as collections
 *   have had since migration 003, so the reconciler and a callback ask the provider that has it. Payouts so far were
 *   all the simulator's.
 * - `settle_at` of a pending row is when the worker next looks at it: the simulator's decision falls due, or a live
 *   provider is next asked for its status. So the due expression no longer needs `simulated_outcome`, and the two
 *   partial indexes of migration 021 are rebuilt on it under the same names.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('transfers').addColumn('provider', 'text').execute();
  await sql`update transfers set provider = 'simulator' where kind = 'payout'`.execute(db);
  await rebuild(db, sql`greatest(least(settle_at, expires_at), worker_next_attempt_at)`);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rebuild(
    db,
    sql`greatest(least(case when simulated_outcome is not null then settle_at end, expires_at), worker_next_attempt_at)`,
  );
  await db.schema.alterTable('transfers').dropColumn('provider').execute();
}

async function rebuild(db: Kysely<any>, due: ReturnType<typeof sql>) {
  await sql`drop index collections_worker_due_idx`.execute(db);
  await sql`create index collections_worker_due_idx on collections ((${due})) where status = 'pending'`.execute(db);
  await sql`drop index transfers_worker_due_idx`.execute(db);
  await sql`create index transfers_worker_due_idx on transfers ((${due})) where kind = 'payout' and status = 'pending'`.execute(
    db,
  );
}
