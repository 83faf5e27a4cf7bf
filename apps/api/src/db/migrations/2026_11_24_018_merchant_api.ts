import { type Kysely, sql } from 'kysely';

/**
 * The merchant REST API (/v1):
 * - A collection asked for through the API belongs to no link. It keeps the merchant's own reference (not unique,
 *   found through an index) and metadata, and its Idempotency-Key is unique per account and environment (a link's
 *   stays unique per link).
 * - A transfer's Idempotency-Key is unique per account and environment, no longer per account: a key sent with the
 *   test API key must never find the live payout the same key made, nor the reverse.
 * - A payout asked for with an API key has no member as its creator: creator_id is null.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('collections').addColumn('reference', 'text').addColumn('metadata', 'jsonb').execute();
  await sql`create unique index collections_api_idempotency_idx on collections (account_id, environment, idempotency_key)
            where link_id is null and idempotency_key is not null`.execute(db);
  await sql`create index collections_reference_idx on collections (account_id, environment, reference, created_at desc, id desc)
            where reference is not null`.execute(db);

  await sql`drop index transfers_idempotency_idx`.execute(db);
  await sql`create unique index transfers_idempotency_idx on transfers (account_id, environment, idempotency_key)
            where idempotency_key is not null`.execute(db);
  await db.schema
    .alterTable('transfers')
    .alterColumn('creator_id', (column) => column.dropNotNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('transfers')
    .alterColumn('creator_id', (column) => column.setNotNull())
    .execute();
  await sql`drop index transfers_idempotency_idx`.execute(db);
  await sql`create unique index transfers_idempotency_idx on transfers (account_id, idempotency_key)
            where idempotency_key is not null`.execute(db);
  await sql`drop index collections_reference_idx`.execute(db);
  await sql`drop index collections_api_idempotency_idx`.execute(db);
  await db.schema.alterTable('collections').dropColumn('reference').dropColumn('metadata').execute();
}
