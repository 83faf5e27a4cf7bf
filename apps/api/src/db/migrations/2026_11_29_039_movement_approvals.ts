import { type Kysely, sql } from 'kysely';

/**
 * The approval policy (decision 067): a payout, settlement request or refund above the account's approval
 * threshold is written held, as any other, but waits for a second member before it is handed to its provider (or, a
 * settlement, shown to the operator).
 * - `transfers.approval_status`: null for a movement that needed none; 'awaiting' until another member approves it
 *   ('approved') or declines it, or its request expires ('declined', 'expired': the movement is then rejected and its
 *   money returned).
 * - `approver_id`: who approved or declined it; `approval_expires_at`: when an unanswered request expires (72 hours).
 * - `transfers_approvals_idx`: the worker's expiry of unanswered requests.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table transfers add column approval_status text
            check (approval_status in ('awaiting', 'approved', 'declined', 'expired'))`.execute(db);
  await sql`alter table transfers add column approver_id uuid references users (id) on delete set null`.execute(db);
  await sql`alter table transfers add column approval_expires_at timestamptz`.execute(db);
  await sql`alter table transfers add constraint transfers_approval_shape
            check ((approval_status is null) = (approval_expires_at is null))`.execute(db);
  await sql`create index transfers_approvals_idx on transfers (approval_expires_at) where approval_status = 'awaiting'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index transfers_approvals_idx`.execute(db);
  await sql`alter table transfers drop constraint transfers_approval_shape`.execute(db);
  await sql`alter table transfers drop column approval_expires_at`.execute(db);
  await sql`alter table transfers drop column approver_id`.execute(db);
  await sql`alter table transfers drop column approval_status`.execute(db);
}
