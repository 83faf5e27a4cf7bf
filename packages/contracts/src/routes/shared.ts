import { z } from 'zod';
import { answerOf } from '../api.ts';
import { idempotencyKey } from '../merchant-api.ts';

/** One route's schemas: what it takes, and what it answers by status. */
export type RouteSchemas = {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  response: Partial<Record<number, z.ZodType>>;
};

export const byId = z.object({ id: z.string() });
export const byRef = z.object({ ref: z.string() });
export const done = answerOf(z.null());

/** The optional Idempotency-Key of a payment page's payment and of a /v1 POST, one rule; a malformed one is a 400. */
export const idempotencyHeaders = z.looseObject({ 'idempotency-key': idempotencyKey.optional() });
