import type { MultipartFile } from '@fastify/multipart';
import { DEFAULT_UPLOAD_FOLDER, FILE_MESSAGES, type UploadFolder } from '@sente/contracts/files';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import { FOLDER_RULES, isUploadFolder, LARGEST_UPLOAD_BYTES, tooLargeMessage } from './upload-rules.ts';

export type ReceivedUpload = { folder: UploadFolder; bytes: Buffer; originalName: string };

/** Busboy's own limits: one file, a few small fields, and never more file bytes than any folder takes. */
export const MULTIPART_LIMITS = { files: 1, fields: 5, parts: 8, fieldSize: 1024, fileSize: LARGEST_UPLOAD_BYTES + 1 };

/** The name as the person knows it (browsers may send a path); kept only in the files row. */
function cleanName(filename: string | undefined): string {
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((char) => char >= ' ' && char !== '\u007f').join('');
  return printable.trim().slice(0, 255) || 'file';
}

/**
 * Reads `folder` and `file` from a multipart body. The file is held in memory only up to its folder's limit
 * (the largest limit while the folder has not been read yet); past it, reading stops and the request is
 * refused without waiting for the rest of the body.
 */
export async function receiveUpload(request: FastifyRequest, reply: FastifyReply): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw badRequest(LINK_MESSAGES.couldNotAccessFile);
  // Refused early, the rest of the body is never read, so the connection cannot be reused.
  const refuse = (message: string) => {
    reply.header('connection', 'close');
    return badRequest(message);
  };
  const declaredBytes = Number(request.headers['content-length']) || 0;
  let folder: UploadFolder | undefined;
  let file: { bytes: Buffer; originalName: string } | undefined;

  const readFile = async (part: MultipartFile) => {
    const limit = folder ? FOLDER_RULES[folder].maxBytes : LARGEST_UPLOAD_BYTES;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      // NOTE: the size shown is the declared body size when larger: the file itself was not read to its end.
      if (size > limit) throw refuse(tooLargeMessage(folder, Math.max(size, declaredBytes)));
      chunks.push(chunk);
    }
    return { bytes: Buffer.concat(chunks, size), originalName: cleanName(part.filename) };
  };

  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type === 'field') {
        if (part.fieldname !== 'folder' || folder) continue;
        const value = String(part.value ?? '').trim() || DEFAULT_UPLOAD_FOLDER;
        if (!isUploadFolder(value)) throw refuse(FILE_MESSAGES.folderInvalid);
        folder = value;
      } else if (part.fieldname === 'file' && !file) {
        file = await readFile(part);
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // Malformed multipart, a part cut short, a second file: nothing a person can fix but trying again.
    request.log.info({ err: error }, 'upload could not be read');
    throw refuse(LINK_MESSAGES.couldNotValidateFile);
  }

  if (!file || file.bytes.length === 0) throw badRequest(LINK_MESSAGES.couldNotAccessFile);
  const chosen = folder ?? DEFAULT_UPLOAD_FOLDER;
  if (file.bytes.length > FOLDER_RULES[chosen].maxBytes) throw badRequest(tooLargeMessage(chosen, file.bytes.length));
  return { folder: chosen, ...file };
}
