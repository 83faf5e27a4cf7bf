import { ROUTES } from '@sente/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import type { Services } from '../../services.ts';
import { rfc5987, sendStoredFile } from '../files/routes.ts';

/** A file name for browsers that ignore `filename*`: printable ASCII, without the quote and backslash. */
const asciiFallback = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '_');

/** The customer pages' API (DESIGN §5): no login, rate-limited per IP. */
export const publicPaymentRoutes: FastifyPluginAsyncZod<Services> = async (app, { payments }) => {
  const read = { config: { rateClass: 'public' } } as const;
  const pay = { config: { rateClass: 'money' } } as const;

  app.get('/api/public/links/:ref', { ...read, schema: ROUTES['GET /api/public/links/:ref'] }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return answer(await payments.publicLink(request.params.ref));
  });

  // A payment link's attachment (decision 034): inert whatever it holds, never cached, gone once detached.
  app.get(
    '/api/public/links/:ref/attachments/:name',
    { ...read, schema: ROUTES['GET /api/public/links/:ref/attachments/:name'] },
    async (request, reply) => {
      const file = await payments.attachment(request.params.ref, request.params.name);
      return sendStoredFile(reply, file, {
        cache: 'no-store',
        disposition: `inline; filename="${asciiFallback(file.name)}"; filename*=UTF-8''${rfc5987(file.name)}`,
      });
    },
  );

  app.post(
    '/api/public/links/:ref/pay',
    {
      ...pay,
      schema: ROUTES['POST /api/public/links/:ref/pay'],
    },
    async (request, reply) => {
      const payment = await payments.pay(request.params.ref, request.body, idempotencyKeyOf(request));
      const data = { id: payment.id, status: payment.status };
      return reply
        .code(201)
        .send(answer(payment.status === 'pending' ? { ...data, expires_in_seconds: payment.expiresInSeconds } : data));
    },
  );

  app.get('/api/public/payments/:id', { ...read, schema: ROUTES['GET /api/public/payments/:id'] }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return answer(await payments.payment(request.params.id));
  });

  // The payer's way out of the wait (DESIGN §5): a pending payment fails now and can never settle later.
  app.post(
    '/api/public/payments/:id/cancel',
    { ...pay, schema: ROUTES['POST /api/public/payments/:id/cancel'] },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return answer(await payments.cancel(request.params.id));
    },
  );

  app.get(
    '/api/public/payments/:id/download',
    { ...read, schema: ROUTES['GET /api/public/payments/:id/download'] },
    async (request, reply) => {
      const file = await payments.download(request.params.id, request.query);
      return sendStoredFile(reply, file, {
        cache: 'private, no-store',
        disposition: `attachment; filename*=UTF-8''${rfc5987(file.originalName)}`,
      });
    },
  );
};
