import multipart from '@fastify/multipart';
import { BATCH_MESSAGES as M } from '@sente/contracts/payout-batches';
import { BATCH_LIMITS } from '@sente/contracts/payout-batches-check';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../../lib/answer.ts';
import { badRequest, HttpError } from '../../../lib/http-error.ts';
import { route } from '../../../lib/route.ts';
import { actorOf, scopeOf } from '../../../plugins/auth-guard.ts';
import type { Services } from '../../../services.ts';
import { templateCsv, templateXlsx } from './sheet.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One file and a reference field; never more file bytes than a sheet may have, plus one to know it was more. */
const LIMITS = { files: 1, fields: 3, parts: 5, fieldSize: 200, fileSize: BATCH_LIMITS.maxBytes + 1 };

/** The name as the person knows it (browsers may send a path), printable and short. */
const cleanName = (filename: string | undefined) =>
  [...((filename ?? '').split(/[\\/]/).pop() ?? '')]
    .filter((char) => char >= ' ' && char !== '\u007f')
    .join('')
    .trim()
    .slice(0, 200) || null;

/** The sheet and the batch reference of a multipart upload; a larger file is refused as soon as it passes 2 MB. */
async function receiveSheet(request: FastifyRequest, reply: FastifyReply) {
  if (!request.isMultipart()) throw badRequest(M.fileMissing);
  let reference: string | null = null;
  let file: { buffer: Buffer; fileName: string | null } | null = null;
  try {
    for await (const part of request.parts({ limits: LIMITS })) {
      if (part.type === 'field') {
        if (part.fieldname === 'reference') reference = String(part.value ?? '').trim() || null;
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        continue;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > BATCH_LIMITS.maxBytes) {
          reply.header('connection', 'close');
          throw badRequest(M.fileTooLarge);
        }
        chunks.push(chunk);
      }
      file = { buffer: Buffer.concat(chunks, size), fileName: cleanName(part.filename) };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    request.log.info({ err: error }, 'batch sheet could not be read');
    throw badRequest(M.fileUnreadable);
  }
  if (!file) throw badRequest(M.fileMissing);
  if (file.buffer.length === 0) throw badRequest(M.fileEmpty);
  if (reference && reference.length > BATCH_LIMITS.referenceMax) throw badRequest(M.referenceTooLong);
  return { file, reference };
}

/**
 * Payout batches (decision 066): any member who sees the wallet reads them; members who may move money make, correct and
 * submit their own, and approve or reject another member's with the wallet PIN.
 */
export const batchRoutes: FastifyPluginAsyncZod<Services> = async (app, { batches }) => {
  await app.register(multipart, { limits: LIMITS, throwFileSizeLimit: false });
  const view = { access: { account: 'view' }, rateClass: 'read' } as const;
  const move = { access: { account: 'moveMoney' }, rateClass: 'write' } as const;
  const pin = { access: { account: 'moveMoney' }, rateClass: 'pin' } as const;
  const actor = actorOf;

  route(app, 'GET /api/payout-batches', view, async (request) => answer(await batches.list(scopeOf(request), request.query)));

  route(app, 'GET /api/payout-batches/template', view, async (request, reply) => {
    const xlsx = request.query.format === 'xlsx';
    return reply
      .header('content-type', xlsx ? XLSX : 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="payout-batch-template.${xlsx ? 'xlsx' : 'csv'}"`)
      .header('cache-control', 'private, no-store')
      .send(xlsx ? await templateXlsx() : templateCsv());
  });

  route(app, 'POST /api/payout-batches', move, async (request, reply) => {
    const { file, reference } = await receiveSheet(request, reply);
    return reply.code(201).send(answer(await batches.upload(actor(request), file, reference), M.uploaded));
  });

  route(app, 'GET /api/payout-batches/:id', view, async (request) =>
    answer(await batches.answer(actor(request), request.params.id)),
  );

  route(app, 'DELETE /api/payout-batches/:id', move, async (request) => {
    await batches.discard(actor(request), request.params.id);
    return answer(null, M.discarded);
  });

  route(app, 'GET /api/payout-batches/:id/rows', view, async (request) =>
    answer(await batches.rows(scopeOf(request), request.params.id, request.query)),
  );

  route(app, 'PUT /api/payout-batches/:id/rows/:rowId', move, async (request) =>
    answer(await batches.editRow(actor(request), request.params.id, request.params.rowId, request.body), M.rowUpdated),
  );

  route(app, 'DELETE /api/payout-batches/:id/rows/:rowId', move, async (request) =>
    answer(await batches.removeRow(actor(request), request.params.id, request.params.rowId), M.rowRemoved),
  );

  route(app, 'POST /api/payout-batches/:id/rows/:rowId/accept-name', move, async (request) =>
    answer(await batches.acceptName(actor(request), request.params.id, request.params.rowId), M.nameAccepted),
  );

  route(app, 'POST /api/payout-batches/:id/submit', move, async (request) =>
    answer(await batches.submit(actor(request), request.params.id), M.submitted),
  );

  route(app, 'POST /api/payout-batches/:id/approve', pin, async (request) =>
    answer(await batches.approve(actor(request), request.params.id, request.body.pin_token), M.approved),
  );

  route(app, 'POST /api/payout-batches/:id/reject', move, async (request) =>
    answer(await batches.reject(actor(request), request.params.id, request.body.reason), M.rejected),
  );

  route(app, 'POST /api/payout-batches/:id/withdraw', move, async (request) =>
    answer(await batches.withdraw(actor(request), request.params.id), M.withdrawn),
  );

  route(app, 'POST /api/payout-batches/:id/retry', move, async (request, reply) =>
    reply.code(201).send(answer(await batches.retry(actor(request), request.params.id), M.retried)),
  );

  route(app, 'GET /api/payout-batches/:id/result', view, async (request, reply) => {
    const { batch, stream } = await batches.result(scopeOf(request), request.params.id, request.log);
    const name = batch.reference.replace(/[^A-Za-z0-9 ._-]/g, '_');
    return reply
      .header('content-type', XLSX)
      .header('content-disposition', `attachment; filename="${name} result.xlsx"`)
      .header('cache-control', 'private, no-store')
      .send(stream);
  });
};
