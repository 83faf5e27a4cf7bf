import type { Kysely } from 'kysely';

/**
 * Late checks (decision 033): a live payment that failed here without its provider's word (it expired while
 * the provider still said pending, or the payer cancelled on the page) may still be approved at the provider, and
 * MTN sends its callback only once. `late_check_at` is when the worker next asks the provider about such a payment,
 * null when it is not to be asked; the partial index holds only the rows still to be asked.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('collections').addColumn('late_check_at', 'timestamptz').execute();
  await db.schema
    .createIndex('collections_late_check_idx')
    .on('collections')
    .column('late_check_at')
    .where('late_check_at', 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('collections_late_check_idx').execute();
  await db.schema.alterTable('collections').dropColumn('late_check_at').execute();
}
