import { type Kysely, sql } from 'kysely';

/**
 * The wallet transfer's low-balance checks (decision 069): the transfer's one statement, which calls `wallet_transfer`
 * (decision 030), also writes its ledger transaction here when a member of the sender's account watches the balance in
 * that mode, in the same implicit transaction; the alerts worker turns each row into the alerts of any line it crossed
 * and deletes it, in one transaction. So a transfer never commits without its check, and costs no second round trip.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table low_balance_checks (
    transaction_id uuid primary key references ledger_transactions (id) on delete cascade,
    created_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table low_balance_checks`.execute(db);
}
