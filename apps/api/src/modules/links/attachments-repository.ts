import type { LinkAttachment } from '@sente/contracts/attachments';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/** The link's attachments in the merchant's order, each with what the form and the pay page show of its file. */
export async function listAttachments(db: Kysely<Database>, linkId: string): Promise<LinkAttachment[]> {
  const rows = await db
    .selectFrom('link_attachments')
    .innerJoin('files', 'files.id', 'link_attachments.file_id')
    .select(['files.path', 'files.original_name', 'files.mime_type', 'files.size_bytes'])
    .where('link_attachments.link_id', '=', linkId)
    .orderBy('link_attachments.position')
    .execute();
  return rows.map((row) => ({
    path: row.path,
    name: row.original_name,
    mime_type: row.mime_type,
    size_bytes: Number(row.size_bytes),
  }));
}

/** Makes `fileIds` the link's attachments, in that order; files no longer listed stay stored, only detached. */
export async function replaceAttachments(db: Kysely<Database>, linkId: string, fileIds: readonly string[]): Promise<void> {
  await db.deleteFrom('link_attachments').where('link_id', '=', linkId).execute();
  if (fileIds.length === 0) return;
  await db
    .insertInto('link_attachments')
    .values(fileIds.map((file_id, position) => ({ link_id: linkId, file_id, position })))
    .execute();
}
