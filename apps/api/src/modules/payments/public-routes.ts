import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import { route } from '../../lib/route.ts';
import type { Services } from '../../services.ts';
import { rfc5987, sendStoredFile } from '../files/routes.ts';

/** A file name for browsers that ignore `filename*`: printable ASCII, without the quote and backslash. */
const asciiFallback = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '_');

/** The customer pages' API (docs/features.md#customers-pay): no login, rate-limited per IP. */
export const publicPaymentRoutes: FastifyPluginAsyncZod<Services> = async (app, { payments }) => {
  const read = { access: 'public', rateClass: 'public' } as const;
  const pay = { access: 'public', rateClass: 'money' } as const;

  route(app, 'GET /api/public/links/:ref', read, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return answer(await payments.publicLink(request.params.ref));
  });

  // A payment link's attachment (decision 034): inert whatever it holds, never cached, gone once detached.
  route(app, 'GET /api/public/links/:ref/attachments/:name', read, async (request, reply) => {
    const file = await payments.attachment(request.params.ref, request.params.name);
    return sendStoredFile(reply, file, {
      cache: 'no-store',
      disposition: `inline; filename="${asciiFallback(file.name)}"; filename*=UTF-8''${rfc5987(file.name)}`,
    });
  });

  route(
    app,
    'POST /api/public/links/:ref/pay',
    {
      ...pay,
    },
    async (request, reply) => {
      const payment = await payments.pay(request.params.ref, request.body, idempotencyKeyOf(request));
      const data = { id: payment.id, status: payment.status };
      return reply
        .code(201)
        .send(answer(payment.status === 'pending' ? { ...data, expires_in_seconds: payment.expiresInSeconds } : data));
    },
  );

  route(app, 'GET /api/public/payments/:id', read, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return answer(await payments.payment(request.params.id));
  });

  // The payer's way out of the wait: a pending payment fails now and can never settle later.
  route(app, 'POST /api/public/payments/:id/cancel', pay, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return answer(await payments.cancel(request.params.id));
  });

  // The payer's receipt (decision 068): no script, so it opens and prints on any phone; never cached, never indexed.
  route(app, 'GET /r/:code', read, async (request, reply) => {
    const { layout, format } = request.query;
    const receipt = await payments.receipt(request.params.code, layout, format);
    reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
    if (receipt.type === 'pdf') {
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="receipt-${request.params.code}.pdf"`)
        .send(receipt.body);
    }
    return reply.type('text/html; charset=utf-8').send(receipt.body);
  });

  route(app, 'GET /api/public/payments/:id/download', read, async (request, reply) => {
    const file = await payments.download(request.params.id, request.query);
    return sendStoredFile(reply, file, {
      cache: 'private, no-store',
      disposition: `attachment; filename*=UTF-8''${rfc5987(file.originalName)}`,
    });
  });
};
