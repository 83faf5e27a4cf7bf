import { z } from 'zod';
import { nothing } from '../api.ts';
import { MAX_BODY_BYTES } from '../constants.ts';
import { collectionRequest, collectionsQuery, payoutRequest, refundRequest } from '../merchant-api.ts';
import {
  apiPayoutBatch,
  apiPayoutBatchRowPage,
  payoutBatchRequest,
  payoutBatchRowsQuery,
  requiredIdempotencyHeaders,
} from '../merchant-api-batches.ts';
import {
  apiBalance,
  apiCollection,
  apiCollectionPage,
  apiError,
  apiPayout,
  apiRefund,
  success,
} from '../merchant-api-objects.ts';
import { idempotencyHeaders, type RouteSchemas } from './shared.ts';

/** /v1: its path id, and the error answers every route documents besides its own. */
const v1ById = z.object({ id: z.string().describe('The id the create call answered') });
const v1Errors = {
  400: apiError.describe('The request is not valid: the message says what to change (code invalid_request)'),
  401: apiError.describe('The API key is missing, wrong or was replaced by newly generated keys (code invalid_api_key)'),
  429: apiError.describe('Too many requests with this key in the last minute: wait Retry-After seconds (code rate_limited)'),
  500: apiError.describe('Something went wrong on our side (code internal_error)'),
};
const v1NotFound = apiError.describe('No such object in this account and environment (code not_found)');
const v1MoneyErrors = {
  ...v1Errors,
  403: apiError.describe('The account is not yet approved for live payments (code account_not_approved)'),
  409: apiError.describe('This Idempotency-Key was already used with a different request (code idempotency_key_reused)'),
  413: apiError.describe(`The request body is larger than ${MAX_BODY_BYTES / (1024 * 1024)} MB (code invalid_request)`),
  415: apiError.describe('The request body is not sent as application/json (code invalid_request)'),
};
/** The OpenAPI document as @fastify/swagger built it: loose, so that the answer keeps every part of it, in its order. */
const openApiAnswer = z.looseObject({ openapi: z.string() });

/** The merchant API (decision 026): the route files add the OpenAPI document's words (tags, summary, description). */
export const merchantApiRoutes = {
  'POST /v1/collections': {
    headers: idempotencyHeaders,
    body: collectionRequest,
    response: { 201: success(apiCollection, 'The collection, pending'), ...v1MoneyErrors },
  },
  'GET /v1/collections/:id': {
    params: v1ById,
    querystring: nothing,
    response: { 200: success(apiCollection, 'The collection as it stands now'), 404: v1NotFound, ...v1Errors },
  },
  'GET /v1/collections': {
    querystring: collectionsQuery,
    response: { 200: success(apiCollectionPage, 'One page of collections'), ...v1Errors },
  },
  'POST /v1/payouts': {
    headers: idempotencyHeaders,
    body: payoutRequest,
    response: { 201: success(apiPayout, 'The payout, pending'), ...v1MoneyErrors },
  },
  'GET /v1/payouts/:id': {
    params: v1ById,
    querystring: nothing,
    response: { 200: success(apiPayout, 'The payout as it stands now'), 404: v1NotFound, ...v1Errors },
  },
  'POST /v1/payout-batches': {
    headers: requiredIdempotencyHeaders,
    body: payoutBatchRequest,
    response: { 201: success(apiPayoutBatch, 'The batch, submitted for approval'), ...v1MoneyErrors },
  },
  'GET /v1/payout-batches/:id': {
    params: v1ById,
    querystring: nothing,
    response: { 200: success(apiPayoutBatch, 'The batch as it stands now'), 404: v1NotFound, ...v1Errors },
  },
  'GET /v1/payout-batches/:id/rows': {
    params: v1ById,
    querystring: payoutBatchRowsQuery,
    response: { 200: success(apiPayoutBatchRowPage, "One page of the batch's rows"), 404: v1NotFound, ...v1Errors },
  },
  'POST /v1/refunds': {
    headers: idempotencyHeaders,
    body: refundRequest,
    response: { 201: success(apiRefund, 'The refund, pending'), 404: v1NotFound, ...v1MoneyErrors },
  },
  'GET /v1/refunds/:id': {
    params: v1ById,
    querystring: nothing,
    response: { 200: success(apiRefund, 'The refund as it stands now'), 404: v1NotFound, ...v1Errors },
  },
  'GET /v1/balance': {
    querystring: nothing,
    response: { 200: success(apiBalance, "The balance of the key's environment"), ...v1Errors },
  },
  'GET /v1/openapi.json': { querystring: nothing, response: { 200: openApiAnswer } },
} as const satisfies Record<string, RouteSchemas>;
