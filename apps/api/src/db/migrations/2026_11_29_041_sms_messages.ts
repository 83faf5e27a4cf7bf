import { type Kysely, sql } from 'kysely';

/**
 * Texts sent through the SMS gateways (sms/tables.ts): one row a message, its route, the gateway's id, status
 * and cost, and its attempts. A delivery report finds its row by route and the gateway's id; the worker finds the rows
 * whose delivery is overdue by `resend_due_at`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table sms_messages (
    id uuid primary key default gen_random_uuid(),
    account_id uuid references accounts (id) on delete set null,
    to_number text not null,
    text text,
    purpose text not null check (purpose in ('transactional', 'promotional')),
    route text not null,
    status text not null check (status in ('sending', 'sent', 'delivered', 'failed')),
    gateway_status text,
    provider_message_id text,
    cost text,
    attempts integer not null default 0,
    reason text,
    resend_due_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index sms_messages_provider_id on sms_messages (route, provider_message_id)`.execute(db);
  await sql`create index sms_messages_resend_due on sms_messages (resend_due_at) where resend_due_at is not null`.execute(db);
  await sql`create index sms_messages_account on sms_messages (account_id, created_at) where account_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table sms_messages`.execute(db);
}
