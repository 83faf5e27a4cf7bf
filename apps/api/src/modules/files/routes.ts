import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import { route } from '../../lib/route.ts';
import type { Services } from '../../services.ts';
import { MULTIPART_LIMITS, receiveUpload } from './receive-upload.ts';

/** Stored files are data, never a page: nothing in them may run, load or be reinterpreted (an SVG's script included). */
const STORAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** RFC 5987 value for `filename*`: encodeURIComponent leaves ' ( ) * as they are. */
export const rfc5987 = (name: string) =>
  encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * A stored file's answer: its own type and length, inert wherever it is opened (nosniff, STORAGE_CSP), with the
 * caller's caching and, where it has one, its disposition.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: { mimeType: string; sizeBytes: number; stream: Readable },
  { cache, disposition }: { cache: string; disposition?: string },
) {
  reply
    .header('content-type', file.mimeType)
    .header('content-length', file.sizeBytes)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', STORAGE_CSP)
    .header('cache-control', cache);
  if (disposition) reply.header('content-disposition', disposition);
  return reply.send(file.stream);
}

export const filesRoutes: FastifyPluginAsyncZod<Services> = async (app, { files }) => {
  // The size is checked while reading (receiveUpload), with the folder's own limit and message.
  await app.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: false });

  // Uploads: any member may upload; what they may save it on is checked where it is saved.
  route(
    app,
    'POST /api/files/upload',
    {
      access: { account: 'view' },
      rateClass: 'write',
    },
    async (request, reply) => {
      const upload = await receiveUpload(request, reply);
      return answer(await files.upload({ accountId: request.account.id, userId: request.auth.userId, ...upload }));
    },
  );

  route(
    app,
    'GET /api/files/signed-url',
    {
      access: { account: 'view' },
      rateClass: 'read',
    },
    async (request) => answer(await files.fileUrl(request.account.id, request.query.path)),
  );

  route(
    app,
    'GET /storage/*',
    {
      access: 'public',
      rateClass: 'public',
    },
    async (request, reply) => {
      const path = request.params['*'];
      const file = await files.open(path, request.query);
      if (file.visibility === 'public') {
        // Paths are random and never reused, so a public file never changes under its name.
        reply.header('cross-origin-resource-policy', 'cross-origin');
        return sendStoredFile(reply, file, { cache: 'public, max-age=31536000, immutable' });
      }
      return sendStoredFile(reply, file, {
        cache: 'private, no-store',
        disposition: `inline; filename*=UTF-8''${rfc5987(file.originalName)}`,
      });
    },
  );
};
