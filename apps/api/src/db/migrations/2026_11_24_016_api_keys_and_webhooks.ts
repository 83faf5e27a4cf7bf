import { type Kysely, sql } from 'kysely';

/**
 * An account's API keys and webhook URLs, shared by both environments (one row per account, not per
 * environment). The test key, the live key and the encryption key (the webhook signing secret) are kept encrypted
 * (AES-256-GCM under a server secret); a presented key finds its account through the HMAC of each key, unique, so no
 * key is ever decrypted to be compared. One row per account, replaced whole when new keys are generated.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('test_key_encrypted', 'text', (c) => c.notNull())
    .addColumn('test_key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('production_key_encrypted', 'text', (c) => c.notNull())
    .addColumn('production_key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('encryption_key_encrypted', 'text', (c) => c.notNull())
    .addColumn('generated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('webhooks')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('collection_url', 'text')
    .addColumn('payment_url', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhooks').execute();
  await db.schema.dropTable('api_keys').execute();
}
