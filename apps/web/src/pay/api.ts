import type { ApiFailure, ApiSuccess } from '@sente/contracts/api';
import { MESSAGES } from '@sente/contracts/messages';
import {
  PAYMENT_MESSAGES,
  type PayAnswer,
  type PayRequest,
  type PublicLink,
  type PublicPayment,
} from '@sente/contracts/payments';
import type { RouteKey, RouteParams } from '@sente/contracts/routes';

/** The server answered with an error: its message is for the payer. */
export class PayApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: string[] = [],
    /** The fields of a refused payment, each path of the body (`phone`, `extra_data.2`) with its message. */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The request never got an answer (offline, dropped connection): it may or may not have reached the server. */
export class NetworkError extends Error {}

/**
 * Calls a route of the catalogue by its key: its method, and its URL with the parameters filled in (by hand: the pay
 * page's bundle holds nothing of the dashboard's client, and the catalogue only as types).
 */
async function request<T, K extends RouteKey = RouteKey>(key: K, params: RouteParams<K>, init: RequestInit = {}): Promise<T> {
  const space = key.indexOf(' ');
  const path = key
    .slice(space + 1)
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent((params as Record<string, string>)[name] ?? ''));
  const method = key.slice(0, space);
  let response: Response;
  try {
    response = await fetch(path, {
      ...init,
      ...(method === 'GET' ? {} : { method }),
      headers: { accept: 'application/json', ...init.headers },
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new NetworkError(String(error));
  }
  const body = (await response.json().catch(() => null)) as ApiSuccess<T> | ApiFailure | null;
  if (response.ok && body?.status === 'success') return body.data;
  if (response.status === 429) throw new PayApiError(PAYMENT_MESSAGES.tooManyRequests, 429);
  const failure = body?.status === 'error' ? body : null;
  throw new PayApiError(
    failure?.message || MESSAGES.somethingWentWrong,
    response.status,
    failure?.errors ?? [],
    failure?.fields ?? {},
  );
}

export function fetchPublicLink(ref: string, signal?: AbortSignal): Promise<PublicLink> {
  return request('GET /api/public/links/:ref', { ref }, signal ? { signal } : {});
}

/** Starts a payment. The same Idempotency-Key on a retry answers the first payment instead of charging again. */
export function startPayment(ref: string, body: PayRequest, idempotencyKey: string): Promise<PayAnswer> {
  return request(
    'POST /api/public/links/:ref/pay',
    { ref },
    {
      headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      body: JSON.stringify(body),
    },
  );
}

export function fetchPayment(id: string, signal?: AbortSignal): Promise<PublicPayment> {
  return request('GET /api/public/payments/:id', { id }, signal ? { signal } : {});
}

/** Stops waiting: a pending payment fails and never settles later. Answers the payment as it now stands. */
export function cancelPayment(id: string): Promise<PublicPayment> {
  return request('POST /api/public/payments/:id/cancel', { id });
}

/** A random UUID; crypto.randomUUID exists only on https and localhost, getRandomValues everywhere. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
