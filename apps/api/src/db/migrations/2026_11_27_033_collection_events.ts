import { type Kysely, sql } from 'kysely';

/**
 * A payment's timeline: what happened to each collection, written where it happens.
 * - `collection_events`: created, prompt sent, each provider answer and callback, settled or failed, receipt sent
 *   (COLLECTION_EVENT_KINDS less `webhook_delivery`, which is read from webhook_events), read by collection in time
 *   order (collection_events_collection_idx), and gone with their collection were it deleted. Collections made before
 *   have none: their timeline is read from the row (created_at, completed_at).
 * - `webhook_events.collection_id`: the collection a `collection.*` event is about, written when it is queued, so a
 *   payment's deliveries are found by an index instead of a scan of the payloads; the events already queued get it
 *   from their payload's `id` (decision 047: their data is the collection object).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table collection_events (
      id uuid primary key default gen_random_uuid(),
      collection_id uuid not null references collections (id) on delete cascade,
      kind text not null check (kind in ('created', 'prompt_sent', 'provider_answer', 'callback', 'settled', 'failed', 'receipt_sent')),
      detail text,
      ok boolean,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index collection_events_collection_idx on collection_events (collection_id, created_at)`.execute(db);
  await sql`alter table webhook_events add column collection_id uuid`.execute(db);
  await sql`
    update webhook_events set collection_id = (payload->>'id')::uuid
     where event like 'collection.%'
       and payload->>'id' ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'`.execute(db);
  await sql`create index webhook_events_collection_idx on webhook_events (collection_id, created_at)
            where collection_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index webhook_events_collection_idx`.execute(db);
  await sql`alter table webhook_events drop column collection_id`.execute(db);
  await sql`drop table collection_events`.execute(db);
}
