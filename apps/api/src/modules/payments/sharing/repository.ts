import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.ts';

/** The account's business details, where its merchant codes are kept (null until first saved). */
export async function findBusinessDetails(db: Kysely<Database>, accountId: string) {
  const row = await db.selectFrom('accounts').select('business_details').where('id', '=', accountId).executeTakeFirst();
  return row?.business_details ?? null;
}
