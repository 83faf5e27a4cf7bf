import { type Kysely, sql } from 'kysely';

/**
 * Merchant alerts:
 * - `notification_settings`: one row per member and account once they choose (none: nothing is sent). Amounts are
 *   whole UGX: `payment_above` null is every payment, `low_balance_below` null is off.
 * - `member_alerts`: the outbox of alerts, one row per member, event and channel, queued in the transaction of the
 *   event it tells of (a payment settled, a payout failed, a refund paid, a balance dropping below a threshold) or by
 *   the worker (a daily summary, unique per member, mode, channel and Kampala day). The worker claims due rows with a
 *   lease, sends each once, and marks it sent; a failed send is tried again with backoff until `attempts` runs out.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table notification_settings (
    account_id uuid not null references accounts (id) on delete cascade,
    user_id uuid not null references users (id) on delete cascade,
    payment_received boolean not null,
    payment_above bigint check (payment_above > 0),
    daily_summary boolean not null,
    payout_failed boolean not null,
    refund_done boolean not null,
    low_balance_below bigint check (low_balance_below > 0),
    by_email boolean not null,
    by_sms boolean not null,
    live boolean not null,
    test boolean not null,
    updated_at timestamptz not null default now(),
    primary key (account_id, user_id)
  )`.execute(db);
  await sql`create table member_alerts (
    id uuid primary key default gen_random_uuid(),
    account_id uuid not null references accounts (id) on delete cascade,
    user_id uuid not null references users (id) on delete cascade,
    environment text not null check (environment in ('test', 'production')),
    kind text not null check (kind in ('payment_received', 'daily_summary', 'payout_failed', 'refund_done', 'low_balance')),
    channel text not null check (channel in ('email', 'sms')),
    destination text not null,
    purpose text not null check (purpose in ('transactional', 'promotional')),
    subject text not null,
    body text not null,
    summary_day date,
    status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
    attempts integer not null default 0,
    next_attempt_at timestamptz not null default now(),
    last_error text,
    sent_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index member_alerts_due_idx on member_alerts (next_attempt_at) where status = 'pending'`.execute(db);
  await sql`create unique index member_alerts_one_summary_idx
            on member_alerts (account_id, user_id, environment, channel, summary_day) where summary_day is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table member_alerts`.execute(db);
  await sql`drop table notification_settings`.execute(db);
}
