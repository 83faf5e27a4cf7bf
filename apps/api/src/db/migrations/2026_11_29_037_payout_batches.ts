import { type Kysely, sql } from 'kysely';

/**
 * Payout batches (decision 066): many mobile-money payouts from one sheet.
 * - `payout_batches`: the batch, its maker, approver or rejection, its 72-hour expiry, and its paid and failed counts.
 *   At approval its total with charges is held at once, in one movement referenced by the batch's id.
 * - `payout_batch_rows`: each row as the sheet gave it (text, so a wrong value can be corrected in place), its issues
 *   (checked again across the batch at every change of a draft, counted on the batch), its name check, and once approved its transfer. `due_at` and the worker's lease drive both the name checks of a draft and
 *   the paying of an approved batch (the partial index below).
 * - `payout_batch_events`: every step, with who and when.
 * - `transfers.kind` takes 'batch_payout': one row of a batch, made by the worker, never held on its own (the batch
 *   holds), completed by the payout machinery. `batch_row_id` is unique, so a row makes at most one transfer.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table payout_batches (
    id uuid primary key default gen_random_uuid(),
    account_id uuid not null references accounts (id) on delete cascade,
    environment text not null check (environment in ('test', 'production')),
    reference text not null,
    status text not null check (status in ('draft', 'submitted', 'paying', 'completed', 'partially_completed', 'failed',
                                           'rejected', 'expired')),
    source text not null check (source in ('dashboard', 'api')),
    file_name text,
    maker_id uuid references users (id) on delete set null,
    approver_id uuid references users (id) on delete set null,
    rejected_by uuid references users (id) on delete set null,
    rejection_reason text,
    charge_per_row bigint not null default 0,
    row_count integer not null default 0,
    total_amount bigint not null default 0,
    error_count integer not null default 0,
    warning_count integer not null default 0,
    paid_count integer not null default 0,
    failed_count integer not null default 0,
    paid_amount bigint not null default 0,
    retry_of uuid references payout_batches (id) on delete set null,
    idempotency_key text,
    request_hash text,
    submitted_at timestamptz,
    expires_at timestamptz,
    approved_at timestamptz,
    finished_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (account_id, environment, reference)
  )`.execute(db);
  await sql`create unique index payout_batches_idempotency_idx on payout_batches (account_id, environment, idempotency_key)
            where idempotency_key is not null`.execute(db);
  await sql`create index payout_batches_list_idx on payout_batches (account_id, environment, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index payout_batches_expiry_idx on payout_batches (expires_at) where status = 'submitted'`.execute(db);

  await sql`create table payout_batch_rows (
    id uuid primary key default gen_random_uuid(),
    batch_id uuid not null references payout_batches (id) on delete cascade,
    position integer not null,
    phone text not null,
    amount text not null,
    name text not null,
    reference text not null default '',
    narrative text not null default '',
    msisdn text,
    amount_value bigint,
    issues jsonb not null default '[]',
    name_check text not null default 'pending' check (name_check in ('pending', 'match', 'partial', 'mismatch',
                                                                     'unavailable', 'not_registered', 'barred')),
    registered_name text,
    name_accepted_by uuid references users (id) on delete set null,
    status text not null default 'draft' check (status in ('draft', 'queued', 'sent', 'paid', 'failed')),
    failure_reason text,
    due_at timestamptz,
    worker_next_attempt_at timestamptz,
    worker_attempts integer not null default 0,
    unique (batch_id, position)
  )`.execute(db);
  await sql`create index payout_batch_rows_due_idx on payout_batch_rows ((greatest(due_at, worker_next_attempt_at)))
            where due_at is not null`.execute(db);

  await sql`create table payout_batch_events (
    id bigserial primary key,
    batch_id uuid not null references payout_batches (id) on delete cascade,
    actor_id uuid references users (id) on delete set null,
    action text not null,
    position integer,
    detail text,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index payout_batch_events_batch_idx on payout_batch_events (batch_id, id)`.execute(db);

  await sql`alter table transfers add column batch_id uuid references payout_batches (id) on delete restrict`.execute(db);
  await sql`alter table transfers add column batch_row_id uuid unique references payout_batch_rows (id) on delete restrict`.execute(
    db,
  );
  await sql`create index transfers_batch_idx on transfers (batch_id) where batch_id is not null`.execute(db);
  await sql`alter table transfers drop constraint transfers_kind_check`.execute(db);
  await sql`alter table transfers add constraint transfers_kind_check
            check (kind in ('wallet_transfer', 'settlement', 'payout', 'refund', 'batch_payout'))`.execute(db);
  await sql`alter table transfers drop constraint transfers_shape`.execute(db);
  await sql`alter table transfers add constraint transfers_shape check (
              (kind = 'wallet_transfer') = (recipient_account_id is not null)
              and (kind = 'refund') = (collection_id is not null)
              and (kind = 'batch_payout') = (batch_row_id is not null)
              and (kind not in ('payout', 'batch_payout') or payout_msisdn is not null)
              and (payout_msisdn is null or kind in ('payout', 'refund', 'batch_payout')))`.execute(db);
  await rebuildDue(db, sql`kind in ('payout', 'refund', 'batch_payout')`);
}

export async function down(db: Kysely<any>): Promise<void> {
  await rebuildDue(db, sql`kind in ('payout', 'refund')`);
  await sql`alter table transfers drop constraint transfers_shape`.execute(db);
  await sql`alter table transfers add constraint transfers_shape check (
              (kind = 'wallet_transfer') = (recipient_account_id is not null)
              and (kind = 'refund') = (collection_id is not null)
              and (kind <> 'payout' or payout_msisdn is not null)
              and (payout_msisdn is null or kind in ('payout', 'refund')))`.execute(db);
  await sql`alter table transfers drop constraint transfers_kind_check`.execute(db);
  await sql`alter table transfers add constraint transfers_kind_check
            check (kind in ('wallet_transfer', 'settlement', 'payout', 'refund'))`.execute(db);
  await sql`alter table transfers drop column batch_row_id`.execute(db);
  await sql`alter table transfers drop column batch_id`.execute(db);
  await sql`drop table payout_batch_events`.execute(db);
  await sql`drop table payout_batch_rows`.execute(db);
  await sql`drop table payout_batches`.execute(db);
}

async function rebuildDue(db: Kysely<any>, kinds: ReturnType<typeof sql>) {
  await sql`drop index transfers_worker_due_idx`.execute(db);
  await sql`create index transfers_worker_due_idx on transfers ((greatest(least(settle_at, expires_at), worker_next_attempt_at)))
            where ${kinds} and status = 'pending'`.execute(db);
}
