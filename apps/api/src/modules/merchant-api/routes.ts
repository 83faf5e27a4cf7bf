import { nothing } from '@sente/contracts/api';
import { MAX_BODY_BYTES } from '@sente/contracts/constants';
import {
  collectionRequest,
  collectionsQuery,
  idempotencyKey,
  MERCHANT_API_MESSAGES as M,
  payoutRequest,
} from '@sente/contracts/merchant-api';
import {
  apiBalance,
  apiCollection,
  apiCollectionPage,
  apiError,
  apiPayout,
  success,
} from '@sente/contracts/merchant-api-objects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/http-error.ts';
import { apiKeyGuard } from './api-key-guard.ts';
import type { MerchantApiService } from './service.ts';

const idempotencyHeaders = z.looseObject({ 'idempotency-key': idempotencyKey.optional() });
const byId = z.object({ id: z.string().describe('The id the create call answered') });

/** The error answers every route can give; each route adds its own. */
const errors = {
  400: apiError.describe('The request is not valid: the message says what to change (code invalid_request)'),
  401: apiError.describe('The API key is missing, wrong or was replaced by newly generated keys (code invalid_api_key)'),
  429: apiError.describe('Too many requests with this key in the last minute: wait Retry-After seconds (code rate_limited)'),
  500: apiError.describe('Something went wrong on our side (code internal_error)'),
};
const notFoundError = apiError.describe('No such object in this account and environment (code not_found)');
const moneyErrors = {
  ...errors,
  403: apiError.describe('The account is not yet approved for live payments (code account_not_approved)'),
  409: apiError.describe('This Idempotency-Key was already used with a different request (code idempotency_key_reused)'),
  413: apiError.describe(`The request body is larger than ${MAX_BODY_BYTES / (1024 * 1024)} MB (code invalid_request)`),
  415: apiError.describe('The request body is not sent as application/json (code invalid_request)'),
};

/**
 * Issue 16: the merchant REST API, authenticated by an API key (api-key-guard.ts), validated and answered through
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
  const replayed = (was: boolean) => ({ 'idempotent-replayed': String(was) });

  app.post(
    '/collections',
    {
      config: { rateClass: 'key' },
      schema: {
        tags: ['Collections'],
        operationId: 'createCollection',
        summary: 'Request a mobile-money payment',
        description:
          'Asks the payer to approve the payment on their phone and answers the collection, pending. Poll it, or wait ' +
          'for the collection.successful or collection.failed webhook. In test mode the simulator settles it: numbers ' +
          'ending in 0001 fail (insufficient balance), numbers ending in 0002 stay pending until they expire, any other succeeds.',
        headers: idempotencyHeaders,
        body: collectionRequest,
        response: { 201: success(apiCollection, 'The collection, pending'), ...moneyErrors },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const answer = await merchantApi.createCollection(request.merchant, request.body, key);
      return reply.code(201).headers(replayed(answer.replayed)).send({ status: 'success', data: answer.collection });
    },
  );

  app.get(
    '/collections/:id',
    {
      config: { rateClass: 'key' },
      schema: {
        tags: ['Collections'],
        operationId: 'getCollection',
        summary: 'Fetch a collection',
        params: byId,
        querystring: nothing,
        response: { 200: success(apiCollection, 'The collection as it stands now'), 404: notFoundError, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await merchantApi.collection(request.merchant, request.params.id) }),
  );

  app.get(
    '/collections',
    {
      config: { rateClass: 'key' },
      schema: {
        tags: ['Collections'],
        operationId: 'listCollections',
        summary: 'List collections',
        description:
          "Newest first, 20 a page: every collection of the account in the key's environment, narrowed by the filters.",
        querystring: collectionsQuery,
        response: { 200: success(apiCollectionPage, 'One page of collections'), ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await merchantApi.collections(request.merchant, request.query) }),
  );

  app.post(
    '/payouts',
    {
      config: { rateClass: 'key' },
      schema: {
        tags: ['Payouts'],
        operationId: 'createPayout',
        summary: 'Pay out to a mobile-money number',
        description:
          'Takes the amount and the payout charge from the balance at once and answers the payout, pending until the ' +
          'provider confirms; a failed payout returns both to the balance. In test mode numbers ending in 0001 fail and ' +
          'numbers ending in 0002 stay pending until they expire.',
        headers: idempotencyHeaders,
        body: payoutRequest,
        response: { 201: success(apiPayout, 'The payout, pending'), ...moneyErrors },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const answer = await merchantApi.createPayout(request.merchant, request.body, key);
      return reply.code(201).headers(replayed(answer.replayed)).send({ status: 'success', data: answer.payout });
    },
  );

  app.get(
    '/payouts/:id',
    {
      config: { rateClass: 'key' },
      schema: {
        tags: ['Payouts'],
        operationId: 'getPayout',
        summary: 'Fetch a payout',
        params: byId,
        querystring: nothing,
        response: { 200: success(apiPayout, 'The payout as it stands now'), 404: notFoundError, ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await merchantApi.payout(request.merchant, request.params.id) }),
  );

  app.get(
    '/balance',
    {
      config: { rateClass: 'key' },
      schema: {
        tags: ['Balance'],
        operationId: 'getBalance',
        summary: 'Read the balance',
        querystring: nothing,
        response: { 200: success(apiBalance, "The balance of the key's environment"), ...errors },
      },
    },
    async (request) => ({ status: 'success' as const, data: await merchantApi.balance(request.merchant) }),
  );
};
