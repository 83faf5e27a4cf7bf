/**
 * Account numbers are 10 random digits, so the look-ups (number -> account id, account id -> holder's name)
 * are limited to 30 a minute per member and per IP; otherwise they could be walked to list account names.
 */
import { randomInt } from 'node:crypto';
import { MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LOOKUPS_PER_MINUTE } from '../../plugins/rate-limit.ts';
import type { Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { UNKNOWN_ID, WALLET_ENV } from '../../testing/transfers.ts';
import { createAliceAndBob, createNamedMerchant } from '../../testing/transfers-more.ts';
import { bearer } from '../../testing/users.ts';

let t: TestApp;
let alice: Merchant;
let bob: Merchant;
let bobNumber: string;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  ({ alice, bob, bobNumber } = await createAliceAndBob(t));
});
afterAll(() => t?.close());

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** The two look-ups, each with a body that finds Bob and one that finds nobody (a walker mostly misses). */
const LOOKUPS = [
  {
    url: '/api/wallet/verify_sente_acc_number',
    hit: () => ({ sente_account_number: bobNumber }),
    miss: () => ({ sente_account_number: String(randomInt(10 ** 9, 10 ** 10)) }),
  },
  {
    url: '/api/wallet/user_with_sente',
    hit: () => ({ sente_account_id: bob.accountId }),
    miss: () => ({ sente_account_id: UNKNOWN_ID }),
  },
] as const;

function lookUp(who: Merchant, url: string, payload: object, remoteAddress = randomIp()) {
  return t.app.inject({ method: 'POST', url, payload, headers: bearer(who.accessToken), remoteAddress });
}

describe.each(LOOKUPS)('$url', ({ url, hit, miss }) => {
  it('answers a member 30 times a minute, then 429, even from a new address each time', async () => {
    const member = await createNamedMerchant(t, 'Walker Ltd', { firstname: 'Wanda', lastname: 'Walker' });
    for (let i = 0; i < ACCOUNT_LOOKUPS_PER_MINUTE; i++) {
      const res = await lookUp(member, url, i % 2 ? hit() : miss());
      expect(res.statusCode).not.toBe(429);
    }
    for (const payload of [miss(), hit()]) {
      const res = await lookUp(member, url, payload);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({ status: 'error', message: MESSAGES.tooManyRequests });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(res.body).not.toContain('Bob Hardware');
    }
    // Another member is not held back by this one.
    expect((await lookUp(alice, url, hit())).statusCode).toBe(200);
  });

  it('answers one address 30 times a minute, then 429, whichever member signs the calls', async () => {
    const ip = randomIp();
    const members = [alice, await createNamedMerchant(t, 'Second Ltd', { firstname: 'Sam', lastname: 'Second' })];
    for (let i = 0; i < ACCOUNT_LOOKUPS_PER_MINUTE; i++) {
      expect((await lookUp(members[i % 2]!, url, miss(), ip)).statusCode).not.toBe(429);
    }
    const res = await lookUp(bob, url, hit(), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.tooManyRequests });
    expect(res.headers['x-ratelimit-limit']).toBe(String(ACCOUNT_LOOKUPS_PER_MINUTE));
    // Another address is not held back by this one.
    expect((await lookUp(bob, url, miss())).statusCode).not.toBe(429);
  });
});

it('counts the two look-ups apart: a transfer needs one of each', async () => {
  const member = await createNamedMerchant(t, 'Both Ltd', { firstname: 'Beth', lastname: 'Both' });
  for (let i = 0; i < ACCOUNT_LOOKUPS_PER_MINUTE; i++) await lookUp(member, LOOKUPS[0].url, LOOKUPS[0].miss());
  expect((await lookUp(member, LOOKUPS[0].url, LOOKUPS[0].hit())).statusCode).toBe(429);
  expect((await lookUp(member, LOOKUPS[1].url, LOOKUPS[1].hit())).statusCode).toBe(200);
});
