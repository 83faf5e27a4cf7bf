import { randomUUID } from 'node:crypto';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeysOf, createCollection, MERCHANT_API_ENV, v1 } from '../../testing/merchant-api.ts';
import { createMerchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let key: string;
let collectionId: string;

beforeAll(async () => {
  t = await createTestApp({ ...MERCHANT_API_ENV, PAYMENT_WORKER_INTERVAL_MS: '0' });
  key = (await apiKeysOf(t, await createMerchant(t, 'Masaka Dairy'))).test_key;
  collectionId = (await createCollection(t, key, { amount: 1000, phone: '0772123456', channel: 'MTN_UG' })).id;
  VALID_BODIES['/refunds']!.collection_id = collectionId;
}, 60_000);
afterAll(() => t?.close());

const VALID_BODIES: Record<string, Record<string, unknown>> = {
  '/collections': {
    amount: 1000,
    phone: '0772123456',
    channel: 'MTN_UG',
    reference: 'R-1',
    customer_name: 'A',
    metadata: { k: 'v' },
  },
  '/payouts': { amount: 1000, phone: '0772123456', reason: 'Supplier' },
  // Filled in once the collection exists (beforeAll).
  '/refunds': { collection_id: '', amount: 100, reason: 'Wrong size' },
  '/payout-batches': { reference: 'Spoiled', rows: [{ phone: '0772123456', amount: 1000, name: 'Okello John' }] },
};
/** What no field may hold, whatever its type. */
const SPOILED: [string, unknown][] = [
  ['a NUL byte', 'ab\u0000cd'],
  ['a lone surrogate', 'ab\ud800cd'],
  ['a huge string', 'x'.repeat(200_000)],
  ['a huge number', 1e308],
  ['a fraction', 0.5],
  ['a boolean', true],
  ['a nested object', { nested: { value: 1 } }],
  ['an array', ['a', 'b']],
];
const RAW_BODIES: [string, string][] = [
  ['invalid JSON', '{"amount": 1000,'],
  ['an empty body', ''],
  ['an array', '[1, 2, 3]'],
  ['a string', '"hello"'],
  ['a prototype key', '{"__proto__": {"isAdmin": true}, "amount": 1000}'],
  ['a NUL inside a key', '{"amo\\u0000unt": 1000}'],
];

/** The envelope of a refused input: a 400, a message and the code, never a 500. */
function expectBadInput(res: { statusCode: number; body: string }, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(400);
  const body = JSON.parse(res.body);
  expect(body, what).toMatchObject({ status: 'error', message: expect.any(String), code: 'invalid_request' });
  expect(body.message.length, what).toBeLessThan(400);
}

describe('bad input on every /v1 route is a 400 with a message and invalid_request', () => {
  it('covers every POST route of /v1', () => {
    const posts = t.app.routeTable.filter((route) => route.method === 'POST' && route.url.startsWith('/v1/'));
    expect(posts.map((route) => route.url.slice(3)).sort()).toEqual(Object.keys(VALID_BODIES).sort());
  });

  it('for every field of every POST, each spoiled value', async () => {
    for (const [url, valid] of Object.entries(VALID_BODIES)) {
      for (const field of [...Object.keys(valid), 'unknown_field']) {
        for (const [what, value] of SPOILED) {
          const res = await v1(t, key, 'POST', url, { ...valid, [field]: value }, { 'idempotency-key': randomUUID() });
          expectBadInput(res, `${url} ${field} as ${what}`);
        }
      }
      for (const [what, payload] of RAW_BODIES) {
        const res = await t.app.inject({
          method: 'POST',
          url: `/v1${url}`,
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          payload,
        });
        expectBadInput(res, `${url} with ${what}`);
      }
    }
  });

  it('for the list: bad cursors, filters and parameters', async () => {
    const cursorOf = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');
    const cursors = [
      cursorOf(['collections', '2026-02-31 25:61:00+00', randomUUID()]),
      cursorOf(['transfers', '2026-01-01 10:00:00+00', randomUUID()]),
      cursorOf({ a: 1 }),
      '%%%',
      'A'.repeat(10_000),
    ];
    for (const cursor of cursors) {
      const res = await v1(t, key, 'GET', `/collections?cursor=${encodeURIComponent(cursor)}`);
      expectBadInput(res, `cursor ${cursor.slice(0, 20)}`);
      expect(res.json().message).toBe(LINK_MESSAGES.invalidCursor);
    }
    for (const query of [
      'cursor=a&cursor=b',
      'status=done',
      'status=pending&status=failed',
      'from=2026-13-01',
      'to=not-a-date',
      'from=2026-11-25&to=2026-11-24',
      `reference=${'r'.repeat(101)}`,
      'reference=a%00b',
      'page=2',
    ]) {
      expectBadInput(await v1(t, key, 'GET', `/collections?${query}`), query);
    }
  });

  it('for the ids: text no id can hold is a 400, an id that names nothing a 404', async () => {
    for (const url of ['/collections', '/payouts', '/refunds', '/payout-batches']) {
      expectBadInput(await v1(t, key, 'GET', `${url}/ab%00cd`), `${url} NUL`);
      for (const id of ['not-an-id', randomUUID(), '..%2F..%2Fsecrets.json', "'%20OR%201%3D1--"]) {
        const res = await v1(t, key, 'GET', `${url}/${id}`);
        expect([res.statusCode, res.json().code], `${url}/${id}`).toEqual([404, 'not_found']);
      }
    }
    expect((await v1(t, key, 'GET', `/collections/${collectionId}`)).statusCode).toBe(200);
    const nowhere = await v1(t, key, 'GET', '/no-such-endpoint');
    expect([nowhere.statusCode, nowhere.json().code]).toEqual([404, 'not_found']);
  });
});
