import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  // One table for the three kinds of collection link, so a ref is unique across all of them.
  await db.schema
    .createTable('links')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('payment_link', 'donation_link', 'digital_item')`))
    .addColumn('ref', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    // Payment link price, donation target or digital item price, in UGX.
    .addColumn('amount', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`amount >= 0`))
    .addColumn('fixed_amount', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('original_price', 'bigint')
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('public').check(sql`type in ('public', 'private')`))
    .addColumn('category', 'text')
    .addColumn('beneficiary', 'text')
    .addColumn('image', 'text')
    .addColumn('file', 'text')
    .addColumn('extra_fields', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('redirect_url', 'text')
    .addColumn('seller_note', 'text')
    .addColumn('buyer_note', 'text')
    .addColumn('is_disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_hidden', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_by', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The lists: one account, one kind, newest first, keyset-paged on (created_at, id).
  await db.schema
    .createIndex('links_account_kind_page_idx')
    .on('links')
    .columns(['account_id', 'kind', 'created_at desc', 'id desc'])
    .where(sql.ref('is_hidden'), '=', false)
    .execute();

  await db.schema
    .createTable('short_links')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('long_url', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('files')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('folder', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('visibility', 'text', (c) => c.notNull().check(sql`visibility in ('public', 'members', 'private')`))
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('files_account_idx').on('files').columns(['account_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('files').execute();
  await db.schema.dropTable('short_links').execute();
  await db.schema.dropTable('links').execute();
}
