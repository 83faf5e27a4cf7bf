import { createHash } from 'node:crypto';
import { API_ERROR_CODES, IDEMPOTENCY_KEY, MERCHANT_API_MESSAGES } from '@sente/contracts/merchant-api';
import { MESSAGES } from '@sente/contracts/messages';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './http-error.ts';

/** The optional Idempotency-Key of a money-moving POST, by /v1's rule (docs/api.md); a malformed one is a 400. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) throw badRequest(MERCHANT_API_MESSAGES.idempotencyKeyInvalid);
  return header;
}

/** JSON with object keys sorted, so that the same request always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** A hash of what a request asks, kept with the row its Idempotency-Key made (leave out tokens and card numbers). */
export function requestHash(asked: Record<string, unknown>): string {
  return createHash('sha256').update(canonical(asked)).digest('base64url');
}

/** Stripe's rule: a key replays only the request it came with; the same key with another request is a 409. */
export function requireSameRequest(storedHash: string | null, hash: string): void {
  if (storedHash !== null && storedHash !== hash) {
    throw new HttpError(409, MESSAGES.idempotencyKeyMismatch, { code: API_ERROR_CODES.idempotencyKeyReused });
  }
}
