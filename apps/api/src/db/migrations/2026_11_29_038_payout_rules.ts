import { type Kysely, sql } from 'kysely';

/**
 * Payout rules (decision 065): an account's caps on money out, set by its owners and administrators, one row per
 * account for both environments (each environment's sums are its own).
 * - `per_payout_cap`, `daily_cap`, `member_daily_cap`: whole UGX; null is no cap.
 * - `approval_threshold`: above it a single movement also needs a second member; 0 is off.
 * - `updated_by`: the member who last changed them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table payout_rules (
    account_id uuid primary key references accounts (id) on delete cascade,
    per_payout_cap bigint check (per_payout_cap > 0),
    daily_cap bigint check (daily_cap > 0),
    member_daily_cap bigint check (member_daily_cap > 0),
    approval_threshold bigint not null default 0 check (approval_threshold >= 0),
    updated_by uuid references users (id) on delete set null,
    updated_at timestamptz not null default now()
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table payout_rules`.execute(db);
}
