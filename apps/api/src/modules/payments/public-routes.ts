import { payInput } from '@sente/contracts/payments-input';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/http-error.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import type { Services } from '../../services.ts';
import { rfc5987, sendStoredFile } from '../files/routes.ts';

type WithRef = { Params: { ref: string } };
type WithId = { Params: { id: string } };
type WithAttachment = { Params: { ref: string; name: string } };

/** A file name for browsers that ignore `filename*`: printable ASCII, without the quote and backslash. */
const asciiFallback = (name: string) => name.replace(/[^\x20-\x7e]|["\\]/g, '_');

/** The customer pages' API (DESIGN §5): no login, rate-limited per IP. */
export async function publicPaymentRoutes(app: FastifyInstance, { payments }: Services) {
  const read = { config: { rateClass: 'public' } } as const;
  const pay = { config: { rateClass: 'money' } } as const;

  app.get<WithRef>('/api/public/links/:ref', read, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'success', data: await payments.publicLink(request.params.ref) };
  });

  // A payment link's attachment (decision 034): inert whatever it holds, never cached, gone once detached.
  app.get<WithAttachment>('/api/public/links/:ref/attachments/:name', read, async (request, reply) => {
    const file = await payments.attachment(request.params.ref, request.params.name);
    return sendStoredFile(reply, file, {
      cache: 'no-store',
      disposition: `inline; filename="${asciiFallback(file.name)}"; filename*=UTF-8''${rfc5987(file.name)}`,
    });
  });

  app.post<WithRef>('/api/public/links/:ref/pay', pay, async (request, reply) => {
    const key = idempotencyKeyOf(request);
    const input = parseInput(payInput, request.body);
    const payment = await payments.pay(request.params.ref, input, key);
    const data = { id: payment.id, status: payment.status };
    return reply.code(201).send({
      status: 'success',
      data: payment.status === 'pending' ? { ...data, expires_in_seconds: payment.expiresInSeconds } : data,
    });
  });

  app.get<WithId>('/api/public/payments/:id', read, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'success', data: await payments.payment(request.params.id) };
  });

  // The payer's way out of the wait (DESIGN §5): a pending payment fails now and can never settle later.
  app.post<WithId>('/api/public/payments/:id/cancel', pay, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'success', data: await payments.cancel(request.params.id) };
  });

  app.get<WithId>('/api/public/payments/:id/download', read, async (request, reply) => {
    const file = await payments.download(request.params.id, request.query as Record<string, unknown>);
    return sendStoredFile(reply, file, {
      cache: 'private, no-store',
      disposition: `attachment; filename*=UTF-8''${rfc5987(file.originalName)}`,
    });
  });
}
