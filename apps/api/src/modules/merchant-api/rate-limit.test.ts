import { MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeysOf, MERCHANT_API_ENV, v1 } from '../../testing/merchant-api.ts';
import { createMerchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

const PER_MINUTE = 3;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ...MERCHANT_API_ENV, V1_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) });
}, 60_000);
afterAll(() => t?.close());

describe('the rate limit of /v1', () => {
  it('counts per key: past the limit a key gets 429 in the envelope, other keys of the account and of others go on', async () => {
    const [one, two] = await Promise.all([createMerchant(t, 'Kabale Honey'), createMerchant(t, 'Hoima Oil')]);
    const [oneKeys, twoKeys] = await Promise.all([apiKeysOf(t, one), apiKeysOf(t, two)]);
    for (let i = 0; i < PER_MINUTE; i++) {
      const res = await v1(t, oneKeys.test_key, 'GET', '/balance');
      expect([res.statusCode, res.headers['x-ratelimit-remaining']]).toEqual([200, String(PER_MINUTE - i - 1)]);
      expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    }
    const limited = await v1(t, oneKeys.test_key, 'POST', '/collections', {
      amount: 1000,
      phone: '0772123456',
      channel: 'MTN_UG',
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: 'error', message: MESSAGES.tooManyRequests, code: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-limit']).toBe(String(PER_MINUTE));
    expect(limited.headers['x-ratelimit-reset']).toBe(limited.headers['retry-after']);

    expect((await v1(t, oneKeys.production_key, 'GET', '/balance')).statusCode).toBe(200);
    expect((await v1(t, twoKeys.test_key, 'GET', '/balance')).statusCode).toBe(200);
  });

  it('counts calls without a valid key per address, so keys cannot be guessed without limit', async () => {
    const guesses = [];
    for (let i = 0; i <= PER_MINUTE; i++) guesses.push(await v1(t, `sk_test_${String(i).padStart(40, '0')}`, 'GET', '/balance'));
    expect(guesses.map((res) => [res.statusCode, res.json().code])).toEqual([
      ...Array(PER_MINUTE).fill([401, 'invalid_api_key']),
      [429, 'rate_limited'],
    ]);
  });
});
