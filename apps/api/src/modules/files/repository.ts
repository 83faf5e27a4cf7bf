import type { Insertable, Kysely } from 'kysely';
import type { Database, FilesTable } from '../../db/database.ts';

export function createFilesRepository(db: Kysely<Database>) {
  return {
    insert(file: Insertable<FilesTable>) {
      return db.insertInto('files').values(file).execute();
    },

    findByPath(path: string) {
      return db
        .selectFrom('files')
        .select(['account_id', 'folder', 'visibility', 'mime_type', 'size_bytes', 'original_name'])
        .where('path', '=', path)
        .executeTakeFirst();
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
