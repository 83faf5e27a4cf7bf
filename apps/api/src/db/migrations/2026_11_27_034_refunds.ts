import { type Kysely, sql } from 'kysely';

/**
 * Refunds (decision 053): a refund is a transfer of its own kind, money out of the merchant wallet to
 * a payment's payer, made through the provider's disbursement as a payout is, so it is held, handed over, polled,
 * called back about, expired and completed by the payout's machinery.
 * - `transfers.kind` takes 'refund'; `transfers.collection_id` names the payment refunded, on a refund only. A refund
 *   has the payer's number in `payout_msisdn`, or none when it refunds a test card payment through the simulator.
 * - The worker's partial index covers payouts and refunds (the claim's predicate is written the same).
 * - `transfers_refunds_idx`: a payment's refunds, summed when a refund is made and when the payment is read.
 * - `collection_events.kind` takes the refund steps of a payment's timeline.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table transfers drop constraint transfers_kind_check`.execute(db);
  await sql`alter table transfers add constraint transfers_kind_check
            check (kind in ('wallet_transfer', 'settlement', 'payout', 'refund'))`.execute(db);
  await sql`alter table transfers add column collection_id uuid references collections (id) on delete restrict`.execute(db);
  await sql`alter table transfers drop constraint transfers_shape`.execute(db);
  await sql`alter table transfers add constraint transfers_shape check (
              (kind = 'wallet_transfer') = (recipient_account_id is not null)
              and (kind = 'refund') = (collection_id is not null)
              and (kind <> 'payout' or payout_msisdn is not null)
              and (payout_msisdn is null or kind in ('payout', 'refund')))`.execute(db);
  await rebuildDue(db, sql`kind in ('payout', 'refund')`);
  await sql`create index transfers_refunds_idx on transfers (collection_id, created_at desc) where collection_id is not null`.execute(
    db,
  );
  await sql`alter table collection_events drop constraint collection_events_kind_check`.execute(db);
  await sql`alter table collection_events add constraint collection_events_kind_check check (kind in (
              'created', 'prompt_sent', 'provider_answer', 'callback', 'settled', 'failed', 'receipt_sent',
              'refund_started', 'refund_successful', 'refund_failed'))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table collection_events drop constraint collection_events_kind_check`.execute(db);
  await sql`alter table collection_events add constraint collection_events_kind_check check (kind in (
              'created', 'prompt_sent', 'provider_answer', 'callback', 'settled', 'failed', 'receipt_sent'))`.execute(db);
  await sql`drop index transfers_refunds_idx`.execute(db);
  await rebuildDue(db, sql`kind = 'payout'`);
  await sql`alter table transfers drop constraint transfers_shape`.execute(db);
  await sql`alter table transfers drop column collection_id`.execute(db);
  await sql`alter table transfers add constraint transfers_shape
            check ((kind = 'wallet_transfer') = (recipient_account_id is not null) and (kind = 'payout') = (payout_msisdn is not null))`.execute(
    db,
  );
  await sql`alter table transfers drop constraint transfers_kind_check`.execute(db);
  await sql`alter table transfers add constraint transfers_kind_check check (kind in ('wallet_transfer', 'settlement', 'payout'))`.execute(
    db,
  );
}

async function rebuildDue(db: Kysely<any>, kinds: ReturnType<typeof sql>) {
  await sql`drop index transfers_worker_due_idx`.execute(db);
  await sql`create index transfers_worker_due_idx on transfers ((greatest(least(settle_at, expires_at), worker_next_attempt_at)))
            where ${kinds} and status = 'pending'`.execute(db);
}
