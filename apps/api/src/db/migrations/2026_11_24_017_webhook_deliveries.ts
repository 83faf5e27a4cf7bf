import { type Kysely, sql } from 'kysely';

/**
 * `webhook_events` becomes the delivery job table. Each row is one event for one of the account's two URLs
 * (`destination`), delivered by a background worker that claims due rows with FOR UPDATE SKIP LOCKED: `pending` until
 * an answer in 2xx (`delivered`), retried with backoff for 3 days (`failed` after), or `skipped` when no URL was set.
 * `attempts` counts the attempts started; a claim raises it and moves `next_attempt_at` ahead as the claim's lease.
 * Events queued before delivery existed and older than the 3-day window are not sent days late: they are skipped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table webhook_events drop constraint webhook_events_status_check`.execute(db);
  await sql`
    alter table webhook_events
      add column destination text not null default 'payment_url',
      add column last_response_code integer,
      add column last_error text,
      add column last_attempt_at timestamptz`.execute(db);
  await sql`update webhook_events set destination = 'collection_url' where event like 'collection.%'`.execute(db);
  await sql`
    update webhook_events
       set status = case when created_at < now() - interval '3 days' then 'skipped' else 'pending' end,
           last_error = case when created_at < now() - interval '3 days' then 'Queued before webhook delivery began' end
     where status = 'queued'`.execute(db);
  await sql`
    alter table webhook_events
      alter column status set default 'pending',
      alter column destination drop default,
      add constraint webhook_events_status_check check (status in ('pending', 'delivered', 'failed', 'skipped')),
      add constraint webhook_events_destination_check check (destination in ('collection_url', 'payment_url'))`.execute(db);

  // The worker's claim: due pending rows, oldest due first.
  await db.schema.dropIndex('webhook_events_due_idx').execute();
  await db.schema
    .createIndex('webhook_events_due_idx')
    .on('webhook_events')
    .column('next_attempt_at')
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();
  // The delivery log: one account, one environment, newest first.
  await db.schema.dropIndex('webhook_events_account_idx').execute();
  await db.schema
    .createIndex('webhook_events_page_idx')
    .on('webhook_events')
    .columns(['account_id', 'environment', 'created_at desc', 'id desc'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhook_events_page_idx').execute();
  await db.schema.createIndex('webhook_events_account_idx').on('webhook_events').columns(['account_id', 'created_at']).execute();
  await db.schema.dropIndex('webhook_events_due_idx').execute();
  await sql`alter table webhook_events drop constraint webhook_events_status_check, drop constraint webhook_events_destination_check`.execute(
    db,
  );
  await sql`update webhook_events set status = 'queued' where status in ('pending', 'skipped')`.execute(db);
  await sql`
    alter table webhook_events
      drop column destination,
      drop column last_response_code,
      drop column last_error,
      drop column last_attempt_at,
      alter column status set default 'queued',
      add constraint webhook_events_status_check check (status in ('queued', 'delivered', 'failed'))`.execute(db);
  await db.schema
    .createIndex('webhook_events_due_idx')
    .on('webhook_events')
    .column('next_attempt_at')
    .where(sql.ref('status'), '=', sql.lit('queued'))
    .execute();
}
