import { COLLECTION_MESSAGES } from '@sente/contracts/messages';
import { REFUND_MESSAGES } from '@sente/contracts/refunds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import { notFound } from '../../lib/http-error.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import { route } from '../../lib/route.ts';
import { actorOf, scopeOf } from '../../plugins/auth-guard.ts';
import type { Services } from '../../services.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Collections, their export and the live page, in the account's active environment. */
export const collectionsRoutes: FastifyPluginAsyncZod<Services> = async (app, { collections, refunds }) => {
  const view = { access: { account: 'view' }, rateClass: 'read' } as const;

  route(app, 'GET /api/collections', view, async (request) =>
    answer(await collections.collections(scopeOf(request), request.query)),
  );

  route(app, 'GET /api/collections/download', view, async (request, reply) =>
    reply
      .header('content-type', XLSX)
      .header('content-disposition', `attachment; filename="Collections Received.xlsx"`)
      .header('cache-control', 'private, no-store')
      .send(collections.collectionsWorkbook(scopeOf(request), request.query, request.log)),
  );

  route(app, 'GET /api/collections/:id', view, async (request) =>
    answer(await collections.collection(scopeOf(request), request.params.id)),
  );

  // The members who make links for payers and Customer Support (the resendReceipts right, docs/features.md#roles) may
  // send a payer their receipt again; each payment's receipt at most once a minute (RECEIPT_RESEND_SECONDS, counted in
  // the service), besides the 'write' class.
  route(
    app,
    'POST /api/collections/:id/resend-receipt',
    {
      access: { account: 'resendReceipts' },
      rateClass: 'write',
    },
    async (request) => answer(null, await collections.resendReceipt(scopeOf(request), request.params.id)),
  );

  // Decision 053: a payment paid back to its payer, by the roles that move money, with the wallet PIN's token as
  // every money movement; an Idempotency-Key replays the first answer (200) and moves nothing twice.
  route(
    app,
    'POST /api/collections/:id/refund',
    {
      access: { account: 'moveMoney' },
      rateClass: 'write',
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { amount, reason, pin_token } = request.body;
      const { refund, replayed } = await refunds.refund(
        actor,
        { member: actor, pinToken: pin_token },
        request.params.id,
        { amount, reason },
        idempotencyKeyOf(request),
        () => notFound(COLLECTION_MESSAGES.collectionNotFound),
      );
      const message = refund.awaiting_approval ? REFUND_MESSAGES.awaitingApproval : REFUND_MESSAGES.started;
      return reply.code(replayed ? 200 : 201).send(answer(refund, message));
    },
  );

  route(app, 'GET /api/payment-link/collections/:ref', view, async (request) =>
    answer(await collections.live(scopeOf(request), request.params.ref, request.query.cursor)),
  );

  // The live page's Download: every collection of the link, however many, streamed like the collections export.
  route(app, 'GET /api/payment-link/collections/:ref/download', view, async (request, reply) => {
    const scope = scopeOf(request);
    const link = await collections.liveLink(scope, request.params.ref);
    return reply
      .header('content-type', XLSX)
      .header('content-disposition', `attachment; filename="Collections ${link.ref}.xlsx"`)
      .header('cache-control', 'private, no-store')
      .send(collections.linkCollectionsWorkbook(scope, link, request.log));
  });
};
