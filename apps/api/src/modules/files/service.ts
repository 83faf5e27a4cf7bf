import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { FILE_MESSAGES, type FileUrl, type UploadFolder } from '@sente/contracts/files';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { badRequest, forbidden, notFound } from '../../lib/http-error.ts';
import { sniffFileType } from './file-types.ts';
import { findByPath, findOwnInFolder, folderOfOwnFile, insert } from './repository.ts';
import { shrinkImage } from './shrink-image.ts';
import type { UrlSigner } from './signed-urls.ts';
import type { FileStorage } from './storage.ts';
import type { FileVisibility } from './tables.ts';
import { FOLDER_RULES, tooLargeMessage } from './upload-rules.ts';

export type NewUpload = { accountId: string; userId: string; folder: UploadFolder; bytes: Buffer; originalName: string };
export type StoredFile = {
  stream: Readable;
  mimeType: string;
  sizeBytes: number;
  visibility: FileVisibility;
  originalName: string;
};

/** `<folder>/<yyyy>/<mm>/<uuid>.<ext>`: generated, so no client text ever reaches a path. */
function newStoragePath(folder: UploadFolder, ext: string, now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return `${folder}/${now.getUTCFullYear()}/${month}/${randomUUID()}.${ext}`;
}

export function createFilesService({ db, storage, signer }: { db: Kysely<Database>; storage: FileStorage; signer: UrlSigner }) {
  return {
    /**
     * Checks the bytes against the folder's rules, shrinks an image (shrink-image.ts), stores the result and records
     * who owns it; answers the storage path.
     */
    async upload({ accountId, userId, folder, bytes, originalName }: NewUpload): Promise<string> {
      const rule = FOLDER_RULES[folder];
      if (bytes.length > rule.maxBytes) throw badRequest(tooLargeMessage(folder, bytes.length));
      const sniffed = await sniffFileType(bytes);
      if (!rule.accepts(sniffed)) throw badRequest(rule.wrongTypeMessage);
      const { bytes: stored, type } = rule.maxImageSide
        ? await shrinkImage(bytes, sniffed, rule.maxImageSide)
        : { bytes, type: sniffed };
      const path = newStoragePath(folder, type.ext);
      await storage.put(path, stored);
      try {
        await insert(db, {
          account_id: accountId,
          folder,
          path,
          visibility: rule.visibility,
          original_name: originalName,
          mime_type: type.mime,
          size_bytes: stored.length,
          created_by: userId,
        });
      } catch (error) {
        await storage.delete(path);
        throw error;
      }
      return path;
    },

    /** A link to one of the account's files: plain for public files, signed for members-only ones. */
    async fileUrl(accountId: string, path: string, now = new Date()): Promise<FileUrl> {
      const file = await findByPath(db, path);
      // Product files are never served by link (buyers get their own delivery), so they have none.
      if (!file || file.account_id !== accountId || file.visibility === 'private') throw notFound(FILE_MESSAGES.fileNotFound);
      if (file.visibility === 'public') return { url: `/storage/${path}`, expires_at: null };
      const signed = signer.sign(path, now);
      return { url: signed.url, expires_at: signed.expiresAt.toISOString() };
    },

    /** Whether `path` is a file this account uploaded into one of `folders`: the only files a record may point at. */
    async isOwnFile(accountId: string, path: string, folders: readonly UploadFolder[]): Promise<boolean> {
      const folder = path.length <= 300 ? await folderOfOwnFile(db, accountId, path) : undefined;
      return folder !== undefined && (folders as readonly string[]).includes(folder);
    },

    /**
     * The files' ids, in the order of `paths`, when every path is a file this account uploaded into `folder`; null when
     * any is not (another account's, another folder's, or none at all), so a record never points at such a file.
     */
    async ownFileIds(accountId: string, paths: readonly string[], folder: UploadFolder): Promise<string[] | null> {
      const found = new Map((await findOwnInFolder(db, accountId, folder, paths)).map((file) => [file.path, file.id]));
      const ids = paths.map((path) => found.get(path));
      return ids.every((id) => id !== undefined) ? ids : null;
    },

    /**
     * A private file for whoever the caller has checked may have it (a buyer's signed download, a payer on the link
     * it is attached to): only a file of that account, in that folder.
     */
    async openPrivate(path: string, ownerAccountId: string, folder: UploadFolder): Promise<StoredFile> {
      const file = await findByPath(db, path);
      const isOwners = file?.account_id === ownerAccountId && file.folder === folder;
      const stream = isOwners ? await storage.get(path) : null;
      if (!file || !stream) throw notFound(FILE_MESSAGES.fileNotFound);
      return {
        stream,
        mimeType: file.mime_type,
        sizeBytes: Number(file.size_bytes),
        visibility: file.visibility,
        originalName: file.original_name,
      };
    },

    /** A file for GET /storage/*: public files to anyone, members-only files with a valid signature, nothing else. */
    async open(path: string, query: { expires?: unknown; signature?: unknown }, now = new Date()): Promise<StoredFile> {
      const file = path.length <= 300 ? await findByPath(db, path) : undefined;
      if (!file || file.visibility === 'private') throw notFound(FILE_MESSAGES.fileNotFound);
      if (file.visibility === 'members' && !signer.verify(path, query.expires, query.signature, now)) {
        throw forbidden(FILE_MESSAGES.linkExpired);
      }
      const stream = await storage.get(path);
      if (!stream) throw notFound(FILE_MESSAGES.fileNotFound);
      return {
        stream,
        mimeType: file.mime_type,
        sizeBytes: Number(file.size_bytes),
        visibility: file.visibility,
        originalName: file.original_name,
      };
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
