import { type Kysely, sql } from 'kysely';

/**
 * Attachments on payment links (decision 034): each row attaches one of the account's uploads (folder
 * attachments) to a link, in the order the merchant listed them. A save replaces the link's rows; the files stay.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('link_attachments')
    .addColumn('link_id', 'uuid', (c) => c.notNull().references('links.id').onDelete('cascade'))
    .addColumn('file_id', 'uuid', (c) => c.notNull().references('files.id').onDelete('cascade'))
    .addColumn('position', 'smallint', (c) => c.notNull().check(sql`position >= 0`))
    .addPrimaryKeyConstraint('link_attachments_pkey', ['link_id', 'file_id'])
    .execute();
  // Deleting a file looks up the links it is attached to.
  await db.schema.createIndex('link_attachments_file_idx').on('link_attachments').column('file_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('link_attachments').execute();
}
