import type { Kysely } from 'kysely';

/**
 * An Idempotency-Key is bound to the request it came with. Each transfer and payment keeps a hash of
 * what was asked (never the PIN token or a card number), so the same key with another body is refused (409).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('transfers').addColumn('request_hash', 'text').execute();
  await db.schema.alterTable('collections').addColumn('request_hash', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('collections').dropColumn('request_hash').execute();
  await db.schema.alterTable('transfers').dropColumn('request_hash').execute();
}
