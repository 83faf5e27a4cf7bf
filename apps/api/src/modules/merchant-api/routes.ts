import { MERCHANT_API_MESSAGES as M } from '@sente/contracts/merchant-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import { notFound } from '../../lib/http-error.ts';
import { idempotencyKeyOf } from '../../lib/idempotency.ts';
import { route } from '../../lib/route.ts';
import { apiKeyGuard } from './api-key-guard.ts';
import type { MerchantApiService } from './service.ts';

/**
 * Decision 026: the merchant REST API, authenticated by an API key (api-key-guard.ts), validated and answered through
 * the zod schemas of @sente/contracts/merchant-api, which @fastify/swagger turns into the OpenAPI document.
 * A POST answers 201 with the object, also when it replays an earlier request (then with Idempotent-Replayed: true).
 */
export const v1Routes: FastifyPluginAsyncZod<{ merchantApi: MerchantApiService }> = async (app, { merchantApi }) => {
  app.decorateRequest('merchant', null as never);
  // Errors are answered by the app's one handler (plugins/error-handler.ts), with a code under /v1.
  app.setNotFoundHandler(async () => {
    throw notFound(M.endpointNotFound);
  });
  app.addHook('onRequest', apiKeyGuard(app, merchantApi));

  route(
    app,
    'POST /v1/collections',
    {
      access: 'apiKey',
      rateClass: 'key',
      schema: {
        tags: ['Collections'],
        operationId: 'createCollection',
        summary: 'Request a mobile-money payment',
        description:
          'Asks the payer to approve the payment on their phone and answers the collection, pending. Poll it, or wait ' +
          'for the collection.successful or collection.failed webhook. In test mode the simulator settles it: numbers ' +
          'ending in 0001 fail (insufficient balance), numbers ending in 0002 stay pending until they expire, any other succeeds.',
      },
    },
    async (request, reply) => {
      const made = await merchantApi.createCollection(request.merchant, request.body, idempotencyKeyOf(request));
      return reply.code(201).header('idempotent-replayed', String(made.replayed)).send(answer(made.collection));
    },
  );

  route(
    app,
    'GET /v1/collections/:id',
    {
      access: 'apiKey',
      rateClass: 'key',
      schema: {
        tags: ['Collections'],
        operationId: 'getCollection',
        summary: 'Fetch a collection',
      },
    },
    async (request) => answer(await merchantApi.collection(request.merchant, request.params.id)),
  );

  route(
    app,
    'GET /v1/collections',
    {
      access: 'apiKey',
      rateClass: 'key',
      schema: {
        tags: ['Collections'],
        operationId: 'listCollections',
        summary: 'List collections',
        description:
          "Newest first, 20 a page: every collection of the account in the key's environment, narrowed by the filters.",
      },
    },
    async (request) => answer(await merchantApi.collections(request.merchant, request.query)),
  );

  route(
    app,
    'POST /v1/payouts',
    {
      access: 'apiKey',
      rateClass: 'key',
      schema: {
        tags: ['Payouts'],
        operationId: 'createPayout',
        summary: 'Pay out to a mobile-money number',
        description:
          'Takes the amount and the payout charge from the balance at once and answers the payout, pending until the ' +
          'provider confirms; a failed payout returns both to the balance. In test mode numbers ending in 0001 fail and ' +
          'numbers ending in 0002 stay pending until they expire.',
      },
    },
    async (request, reply) => {
      const made = await merchantApi.createPayout(request.merchant, request.body, idempotencyKeyOf(request));
      return reply.code(201).header('idempotent-replayed', String(made.replayed)).send(answer(made.payout));
    },
  );

  route(
    app,
    'GET /v1/payouts/:id',
    {
      access: 'apiKey',
      rateClass: 'key',
      schema: {
        tags: ['Payouts'],
        operationId: 'getPayout',
        summary: 'Fetch a payout',
      },
    },
    async (request) => answer(await merchantApi.payout(request.merchant, request.params.id)),
  );

  route(
    app,
    'POST /v1/payout-batches',
    {
      access: 'apiKey',
      rateClass: 'key',
      schema: {
        tags: ['Payout batches'],
        operationId: 'createPayoutBatch',
        summary: 'Propose a payout batch for approval',
        description:
          'Up to 1,000 mobile-money payouts at once, proposed for approval: the batch is answered submitted, and nothing ' +
          'moves until a member who may move money approves it in the dashboard with their PIN (an API key never ' +
          'approves). The registered name behind each number is looked up meanwhile; the approver accepts each name that ' +
          'does not match. At approval the total with charges is held from the balance and the rows are paid one by one, ' +
          'each a payout with its batch_id. A request with an error in any row is refused whole, with every error in ' +
          'details by row and field. The Idempotency-Key is required. An unanswered batch expires after 72 hours.',
      },
    },
    async (request, reply) => {
      const made = await merchantApi.createPayoutBatch(request.merchant, request.body, request.headers['idempotency-key']);
      return reply.code(201).header('idempotent-replayed', String(made.replayed)).send(answer(made.batch));
    },
  );

  route(
    app,
    'GET /v1/payout-batches/:id',
    {
      access: 'apiKey',
      rateClass: 'key',
      schema: {
        tags: ['Payout batches'],
        operationId: 'getPayoutBatch',
        summary: 'Fetch a payout batch',
      },
    },
    async (request) => answer(await merchantApi.payoutBatch(request.merchant, request.params.id)),
  );

  route(
    app,
    'GET /v1/payout-batches/:id/rows',
    {
      access: 'apiKey',
      rateClass: 'key',
      schema: {
        tags: ['Payout batches'],
        operationId: 'listPayoutBatchRows',
        summary: "List a payout batch's rows",
        description: "In the order they were sent, 20 a page: each row's name check, status and payout.",
      },
    },
    async (request) => answer(await merchantApi.payoutBatchRows(request.merchant, request.params.id, request.query.cursor)),
  );

  route(
    app,
    'POST /v1/refunds',
    {
      access: 'apiKey',
      rateClass: 'key',
      schema: {
        tags: ['Refunds'],
        operationId: 'createRefund',
        summary: "Refund a collection to its payer's mobile money",
        description:
          'Pays a successful collection back to its payer, in whole (without amount) or in part; several partial refunds ' +
          'may follow each other up to the amount paid. The amount is taken from the balance at once and the refund ' +
          "answered pending until the provider confirms; a failed refund returns it. The collection's fee is not " +
          'returned. A live card collection cannot be refunded (there is no card acquirer). In test mode a collection ' +
          'paid from a number ending in 0001 is refunded with a failure.',
      },
    },
    async (request, reply) => {
      const made = await merchantApi.createRefund(request.merchant, request.body, idempotencyKeyOf(request));
      return reply.code(201).header('idempotent-replayed', String(made.replayed)).send(answer(made.refund));
    },
  );

  route(
    app,
    'GET /v1/refunds/:id',
    {
      access: 'apiKey',
      rateClass: 'key',
      schema: {
        tags: ['Refunds'],
        operationId: 'getRefund',
        summary: 'Fetch a refund',
      },
    },
    async (request) => answer(await merchantApi.refund(request.merchant, request.params.id)),
  );

  route(
    app,
    'GET /v1/balance',
    {
      access: 'apiKey',
      rateClass: 'key',
      schema: {
        tags: ['Balance'],
        operationId: 'getBalance',
        summary: 'Read the balance',
      },
    },
    async (request) => answer(await merchantApi.balance(request.merchant)),
  );
};
