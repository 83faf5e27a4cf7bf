import type { FastifyRequest } from 'fastify';
import { badRequest } from './http-error.ts';

const IDEMPOTENCY_KEY = /^[\w-]{8,100}$/;

/** DESIGN §3: the optional Idempotency-Key of a money-moving POST; a malformed one is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
    throw badRequest('Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores');
  }
  return header;
}
