import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Inserts the pair unless the code or the URL is taken; answers whether this insert won. */
export async function insertIfFree(db: Kysely<Database>, code: string, longUrl: string): Promise<boolean> {
  const inserted = await db
    .insertInto('short_links')
    .values({ code, long_url: longUrl })
    .onConflict((oc) => oc.doNothing())
    .returning('code')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findCodeByUrl(db: Kysely<Database>, longUrl: string): Promise<string | undefined> {
  const row = await db.selectFrom('short_links').select('code').where('long_url', '=', longUrl).executeTakeFirst();
  return row?.code;
}

export async function findUrlByCode(db: Kysely<Database>, code: string): Promise<string | undefined> {
  const row = await db.selectFrom('short_links').select('long_url').where('code', '=', code).executeTakeFirst();
  return row?.long_url;
}
