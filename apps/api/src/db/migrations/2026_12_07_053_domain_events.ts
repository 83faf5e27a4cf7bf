import { type Kysely, sql } from 'kysely';

/**
 * The outbox of domain events (decision 082): one row per event whose subscribers act outside the database (a payer's
 * receipt by e-mail and SMS), written in the transaction that emitted it and deleted once they ran. `due_at` is when a
 * worker may take it: the end of the lease of the process that emitted it, which runs it after the commit; the end of
 * a worker's lease while that one runs it; its retry after a failure.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table domain_events (
      id uuid primary key default gen_random_uuid(),
      type text not null,
      subject_id text not null,
      created_at timestamptz not null default now(),
      due_at timestamptz not null default now(),
      attempts integer not null default 0
    )`.execute(db);
  await sql`create index domain_events_due_idx on domain_events (due_at)`.execute(db);
  await sql`create index domain_events_subject_idx on domain_events (subject_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists domain_events`.execute(db);
}
