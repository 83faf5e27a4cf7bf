import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { FilesTable } from './tables.ts';

export function insert(db: Kysely<Database>, file: Insertable<FilesTable>) {
  return db.insertInto('files').values(file).execute();
}

/** The folder of `path` when this account uploaded it; undefined for another account's file or none at all. */
export async function folderOfOwnFile(db: Kysely<Database>, accountId: string, path: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('files')
    .select('folder')
    .where('path', '=', path)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.folder;
}

/** Which of `paths` this account uploaded into `folder`, with their ids. */
export async function findOwnInFolder(db: Kysely<Database>, accountId: string, folder: string, paths: readonly string[]) {
  if (paths.length === 0) return [];
  return db
    .selectFrom('files')
    .select(['id', 'path'])
    .where('account_id', '=', accountId)
    .where('folder', '=', folder)
    .where('path', 'in', paths)
    .execute();
}

export function findByPath(db: Kysely<Database>, path: string) {
  return db
    .selectFrom('files')
    .select(['account_id', 'folder', 'visibility', 'mime_type', 'size_bytes', 'original_name'])
    .where('path', '=', path)
    .executeTakeFirst();
}
