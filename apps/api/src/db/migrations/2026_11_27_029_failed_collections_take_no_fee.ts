import { type Kysely, sql } from 'kysely';

/**
 * A failed collection takes no fee (the fee is kept only from a successful one). The fee a collection
 * would take is stored when it is asked for; from now on a failure sets it to 0 in the update that fails it, so /v1,
 * the dashboard's list, the webhook and the spreadsheets all read 0. The collections failed before get the same here.
 * A failed collection never becomes successful (decision 033), so no fee is lost.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update collections set fee = 0 where status = 'failed' and fee <> 0`.execute(db);
}

export async function down(): Promise<void> {}
