import type { UploadFolder } from '@sente/contracts/files';
import { call } from './api-client.ts';

/** Multipart upload (POST /api/files/upload); the answer's data is the storage path to save on the entity. */
export async function uploadFile(file: File, folder: UploadFolder): Promise<string> {
  const body = new FormData();
  // NOTE: the folder goes before the file, so a streaming parser has read it when the file arrives.
  body.append('folder', folder);
  body.append('file', file);
  return (await call('POST /api/files/upload', { body })).data;
}
