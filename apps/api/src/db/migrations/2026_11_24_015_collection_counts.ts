import { type Kysely, sql } from 'kysely';

/**
 * The collections list's `totalItems` (and the Overview's recent collections, its first page) must not count
 * a busy account's million rows on every request. `collection_counts` holds each account's and environment's number of
 * collections, kept by triggers in the statement that inserts or deletes them, so no code path can forget it; filled
 * here from the collections already there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('collection_counts')
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('environment', 'text', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull().check(sql`total >= 0`))
    .addPrimaryKeyConstraint('collection_counts_pkey', ['account_id', 'environment'])
    .execute();
  // Statement-level, over the statement's transition table: one upsert per account and environment a statement
  // touches, so a bulk insert (the demo seeder, the benchmark's million rows) does not update one row a million times.
  await sql`
    create function count_inserted_collections() returns trigger language plpgsql as $$
    begin
      insert into collection_counts (account_id, environment, total)
      select account_id, environment, count(*) from inserted group by account_id, environment
      on conflict (account_id, environment) do update set total = collection_counts.total + excluded.total;
      return null;
    end $$`.execute(db);
  await sql`
    create function count_deleted_collections() returns trigger language plpgsql as $$
    begin
      update collection_counts set total = collection_counts.total - deleted_counts.total
      from (select account_id, environment, count(*) as total from deleted group by account_id, environment) deleted_counts
      where collection_counts.account_id = deleted_counts.account_id
        and collection_counts.environment = deleted_counts.environment;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger collections_counted_insert after insert on collections
    referencing new table as inserted for each statement execute function count_inserted_collections()`.execute(db);
  await sql`
    create trigger collections_counted_delete after delete on collections
    referencing old table as deleted for each statement execute function count_deleted_collections()`.execute(db);
  await sql`
    insert into collection_counts (account_id, environment, total)
    select account_id, environment, count(*) from collections group by account_id, environment`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger collections_counted_delete on collections`.execute(db);
  await sql`drop trigger collections_counted_insert on collections`.execute(db);
  await sql`drop function count_deleted_collections()`.execute(db);
  await sql`drop function count_inserted_collections()`.execute(db);
  await db.schema.dropTable('collection_counts').execute();
}
