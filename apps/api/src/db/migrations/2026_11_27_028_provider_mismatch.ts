import { type Kysely, sql } from 'kysely';

/**
 * Decision 040: a provider's status answer whose amount or currency is not ours is never applied. What it
 * reported is kept in `provider_mismatch` (null while nothing is wrong), the worker's claims pass the row over, and the
 * operator finds such rows through `providers:mismatches`; the partial indexes hold only those rows, newest first.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['collections', 'transfers']) {
    await db.schema.alterTable(table).addColumn('provider_mismatch', 'text').execute();
    await sql`create index ${sql.id(`${table}_provider_mismatch_idx`)} on ${sql.table(table)} (created_at desc)
      where provider_mismatch is not null`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['collections', 'transfers']) {
    await db.schema.dropIndex(`${table}_provider_mismatch_idx`).execute();
    await db.schema.alterTable(table).dropColumn('provider_mismatch').execute();
  }
}
