import { type Kysely, sql } from 'kysely';

/**
 * Find (decision 051): an index for each filter of the collections list, so that a filtered first page
 * and its capped count stay quick at a million collections on one account.
 * - status, channel and phone: each beside the account and environment, newest first, as the page is read. The
 *   date range needs none of its own: it is a range of collections_page_idx's created_at (and of each of these).
 * - link: beside the account too, so that the capped count reads the index alone (collections_link_idx, the live
 *   page's, lacks the account and the id); transaction ID (unique) and reference (collections_reference_idx) have theirs.
 * - a part of the payer's name, in any case: trigram indexes (pg_trgm) on the collections' and customers' names,
 *   which serve `ilike '%...%'`. pg_trgm is one of PostgreSQL's own contrib extensions, trusted (an owner of the
 *   database may create it), and PGlite loads it too (db/connect.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index collections_status_idx on collections (account_id, environment, status, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index collections_channel_idx on collections (account_id, environment, channel, created_at desc, id desc)`.execute(
    db,
  );
  await sql`create index collections_account_link_idx on collections (account_id, environment, link_id, created_at desc, id desc)
            where link_id is not null`.execute(db);
  await sql`create index collections_msisdn_idx on collections (account_id, environment, msisdn, created_at desc, id desc)
            where msisdn is not null`.execute(db);
  await sql`create index collections_names_trgm_idx on collections using gin (names gin_trgm_ops)`.execute(db);
  await sql`create index customers_names_trgm_idx on customers using gin (names gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'customers_names_trgm_idx',
    'collections_names_trgm_idx',
    'collections_msisdn_idx',
    'collections_account_link_idx',
    'collections_channel_idx',
    'collections_status_idx',
  ]) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
}
