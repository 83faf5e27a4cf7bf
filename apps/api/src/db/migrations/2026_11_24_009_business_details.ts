import { type Kysely, sql } from 'kysely';

/**
 * An account's business details (one JSON value like bank_details, null until saved) and its
 * compliance documents, each pointing at one of the account's own certificate uploads.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('business_details', 'jsonb').execute();
  await db.schema
    .createTable('compliance_files')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // The order documents were saved in, which one insert's shared created_at cannot tell.
    .addColumn('position', 'integer', (c) => c.generatedAlwaysAsIdentity())
    .addColumn('account_id', 'uuid', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_path', 'text', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('compliance_files_account_path_key', ['account_id', 'file_path'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('compliance_files').execute();
  await db.schema.alterTable('accounts').dropColumn('business_details').execute();
}
