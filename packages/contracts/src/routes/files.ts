import { z } from 'zod';
import { answerOf, fileAnswer } from '../api.ts';
import { fileUrl, signedFileQuery, signedUrlQuery, uploadForm } from '../files.ts';
import type { RouteSchemas } from './shared.ts';

/** Uploads, their signed addresses and the stored files. */
export const fileRoutes = {
  'POST /api/files/upload': { body: uploadForm, response: { 200: answerOf(z.string().describe("The stored file's path")) } },
  'GET /api/files/signed-url': { querystring: signedUrlQuery, response: { 200: answerOf(fileUrl) } },
  /** The stored file's path is the rest of the URL. */
  'GET /storage/*': {
    params: z.object({ '*': z.string() }),
    querystring: signedFileQuery,
    response: { 200: fileAnswer },
  },
} as const satisfies Record<string, RouteSchemas>;
