import type { ApiKeys } from '@sente/contracts/developers';
import type { ApiCollection, ApiPayout } from '@sente/contracts/merchant-api-objects';
import type { Merchant } from './payments.ts';
import type { TestApp } from './test-app.ts';

/** A test app for /v1: the simulator settles a few milliseconds after a request, and no limit gets in the way. */
export const MERCHANT_API_ENV = {
  SIMULATOR_DELAY_MS: '20',
  PAYMENT_WORKER_INTERVAL_MS: '25',
  PAY_RATE_LIMIT_PER_MINUTE: '10000',
  V1_RATE_LIMIT_PER_MINUTE: '100000',
};

/** The account's API keys as its Api Keys page shows them (made on first read). */
export async function apiKeysOf(t: TestApp, merchant: Merchant): Promise<ApiKeys> {
  const keys = await t.app.services.developers.profileKeys(merchant.accountId, 'owner');
  if (!keys.test_key || !keys.production_key || !keys.encryption_key) throw new Error('the account has no readable keys');
  return keys as ApiKeys;
}

/** One call to /v1 with a key (or none), as a merchant's server makes it. */
export function v1(
  t: TestApp,
  key: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url: `/v1${url}`,
    headers: { ...(key === null ? {} : { authorization: `Bearer ${key}` }), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** POST /v1/collections that must succeed; answers the collection. */
export async function createCollection(t: TestApp, key: string, body: object, idempotencyKey?: string): Promise<ApiCollection> {
  const res = await v1(t, key, 'POST', '/collections', body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
  if (res.statusCode !== 201) throw new Error(`POST /v1/collections answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

/** GET the object until `done` says it has settled; the simulator and the payment worker get a few seconds. */
export async function pollUntil<T extends ApiCollection | ApiPayout>(
  t: TestApp,
  key: string,
  url: string,
  done: (object: T) => boolean,
): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await v1(t, key, 'GET', url);
    if (res.statusCode !== 200) throw new Error(`GET /v1${url} answered ${res.statusCode}: ${res.body}`);
    const object = res.json().data as T;
    if (done(object) || Date.now() > deadline) return object;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
