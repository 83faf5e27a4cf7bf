import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

export function createShortLinksRepository(db: Kysely<Database>) {
  return {
    /** Inserts the pair unless the code or the URL is taken; answers whether this insert won. */
    async insertIfFree(code: string, longUrl: string): Promise<boolean> {
      const inserted = await db
        .insertInto('short_links')
        .values({ code, long_url: longUrl })
        .onConflict((oc) => oc.doNothing())
        .returning('code')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async findCodeByUrl(longUrl: string): Promise<string | undefined> {
      const row = await db.selectFrom('short_links').select('code').where('long_url', '=', longUrl).executeTakeFirst();
      return row?.code;
    },

    async findUrlByCode(code: string): Promise<string | undefined> {
      const row = await db.selectFrom('short_links').select('long_url').where('code', '=', code).executeTakeFirst();
      return row?.long_url;
    },
  };
}

export type ShortLinksRepository = ReturnType<typeof createShortLinksRepository>;
