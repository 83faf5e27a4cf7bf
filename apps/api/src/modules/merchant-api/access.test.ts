import { randomUUID } from 'node:crypto';
import type { ApiKeys } from '@sente/contracts/developers';
import { MERCHANT_API_MESSAGES as M } from '@sente/contracts/merchant-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../testing/http.ts';
import { apiKeysOf, createCollection, MERCHANT_API_ENV, v1 } from '../../testing/merchant-api.ts';
import { createMerchant, type Merchant, ugxBalances } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fundWallet } from '../../testing/transfers.ts';
import { newTransactionId } from '../payments/pay.ts';

let t: TestApp;
/** Two merchants with keys of their own. */
let a: Merchant;
let b: Merchant;
let aKeys: ApiKeys;
let bKeys: ApiKeys;
/** A's test collection and payout, and a live collection of A's (written straight to the table: no live provider). */
let testCollection: string;
let testPayout: string;
let liveCollection: string;

const SALE = { amount: 15_000, phone: '0772123456', channel: 'MTN_UG' };
const refusal = (res: { statusCode: number; json: () => { code?: string; message?: string } }) => [
  res.statusCode,
  res.json().code,
  res.json().message,
];

beforeAll(async () => {
  t = await createTestApp({ ...MERCHANT_API_ENV, PAYMENT_WORKER_INTERVAL_MS: '0' });
  [a, b] = await Promise.all([createMerchant(t, 'Mbale Grains'), createMerchant(t, 'Soroti Fruits')]);
  [aKeys, bKeys] = await Promise.all([apiKeysOf(t, a), apiKeysOf(t, b)]);
  await fundWallet(t, a, 100_000);
  testCollection = (await createCollection(t, aKeys.test_key, SALE)).id;
  const payout = await v1(t, aKeys.test_key, 'POST', '/payouts', { amount: 5000, phone: '0752000111' });
  testPayout = payout.json().data.id;
  ({ id: liveCollection } = await t.database.db
    .insertInto('collections')
    .values({
      account_id: a.accountId,
      environment: 'production',
      amount: 9000,
      fee: 270,
      channel: 'MTN_UG',
      msisdn: '256772999888',
      names: 'Live Payer',
      extra_data: '[]',
      transaction_id: newTransactionId(),
      provider: 'mtn_momo',
      expires_at: new Date(Date.now() + 300_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow());
}, 60_000);
afterAll(() => t?.close());

describe('the API key', () => {
  it('is required, and a missing, malformed, unknown or dashboard token is refused with invalid_api_key', async () => {
    const missing = await v1(t, null, 'GET', '/balance');
    expect(missing.json()).toEqual({ status: 'error', message: M.keyMissing, code: 'invalid_api_key' });
    expect([missing.statusCode, missing.headers['www-authenticate']]).toEqual([401, 'Bearer']);
    for (const key of [
      'sk_test_short',
      `sk_test_${'A'.repeat(40)}`,
      `sk_live_${'b'.repeat(40)}`,
      a.accessToken,
      aKeys.encryption_key,
    ]) {
      expect(refusal(await v1(t, key, 'GET', '/balance')), key.slice(0, 12)).toEqual([401, 'invalid_api_key', M.keyInvalid]);
    }
    const basic = await t.app.inject({
      method: 'GET',
      url: '/v1/balance',
      headers: { authorization: `Basic ${aKeys.test_key}` },
    });
    expect(refusal(basic)).toEqual([401, 'invalid_api_key', M.keyMissing]);
  });

  it('stops working the moment new keys are generated, and the new keys work at once', async () => {
    const owner = await createMerchant(t, 'Tororo Cement');
    const old = await apiKeysOf(t, owner);
    expect((await v1(t, old.test_key, 'GET', '/balance')).statusCode).toBe(200);
    const generated = await post(t, owner, '/api/keys/generate');
    expect(generated.statusCode).toBe(200);
    const fresh = generated.json().data as ApiKeys;
    for (const key of [old.test_key, old.production_key]) {
      expect(refusal(await v1(t, key, 'GET', '/balance'))).toEqual([401, 'invalid_api_key', M.keyInvalid]);
    }
    expect((await v1(t, fresh.test_key, 'GET', '/balance')).json().data).toEqual({
      environment: 'test',
      currency: 'UGX',
      available: 0,
    });
    expect((await v1(t, fresh.production_key, 'GET', '/balance')).json().data.environment).toBe('production');
  });
});

describe('test and live', () => {
  it('keep apart: the test key never sees live data, the live key never sees test data', async () => {
    const get = (key: string, url: string) => v1(t, key, 'GET', url);
    expect((await get(aKeys.test_key, `/collections/${testCollection}`)).statusCode).toBe(200);
    expect(refusal(await get(aKeys.test_key, `/collections/${liveCollection}`))).toEqual([
      404,
      'not_found',
      M.collectionNotFound,
    ]);
    expect((await get(aKeys.production_key, `/collections/${liveCollection}`)).json().data).toMatchObject({
      environment: 'production',
      customer_name: 'Live Payer',
    });
    expect(refusal(await get(aKeys.production_key, `/collections/${testCollection}`))).toEqual([
      404,
      'not_found',
      M.collectionNotFound,
    ]);
    expect(refusal(await get(aKeys.production_key, `/payouts/${testPayout}`))).toEqual([404, 'not_found', M.payoutNotFound]);

    const ids = async (key: string) =>
      (await get(key, '/collections')).json().data.items.map((item: { id: string }) => item.id) as string[];
    // The test list also holds the pay-page payment that funded the wallet: every collection of the environment.
    expect(await ids(aKeys.test_key)).toEqual([testCollection, expect.any(String)]);
    expect(await ids(aKeys.test_key)).not.toContain(liveCollection);
    expect(await ids(aKeys.production_key)).toEqual([liveCollection]);

    const balances = await ugxBalances(t, a.accountId);
    expect((await get(aKeys.test_key, '/balance')).json().data).toEqual({
      environment: 'test',
      currency: 'UGX',
      available: balances.test,
    });
    expect((await get(aKeys.production_key, '/balance')).json().data).toEqual({
      environment: 'production',
      currency: 'UGX',
      available: 0,
    });
  });

  it('takes no live money before the account is approved, and none without a live provider; a test key is never replayed live', async () => {
    const key = `order-${randomUUID()}`;
    await createCollection(t, aKeys.test_key, SALE, key);
    const live = () => v1(t, aKeys.production_key, 'POST', '/collections', SALE, { 'idempotency-key': key });
    expect(refusal(await live())).toEqual([403, 'account_not_approved', M.notApproved]);
    await t.database.db.updateTable('accounts').set({ is_approved: true }).where('id', '=', a.accountId).execute();
    expect(refusal(await live())).toEqual([400, 'live_unavailable', M.liveCollectionsUnavailable]);
    const payout = await v1(t, aKeys.production_key, 'POST', '/payouts', { amount: 1000, phone: '0772000111' });
    expect([payout.statusCode, payout.json().code]).toEqual([400, 'live_unavailable']);

    const liveRows = await t.database.db
      .selectFrom('collections')
      .select('id')
      .where('account_id', '=', a.accountId)
      .where('environment', '=', 'production')
      .execute();
    expect(liveRows.map((row) => row.id)).toEqual([liveCollection]);
    expect((await ugxBalances(t, a.accountId)).production).toBe(0);
  });
});

describe('another account', () => {
  it("answers 404 for the other account's collections and payouts, and lists and counts only its own", async () => {
    for (const url of [`/collections/${testCollection}`, `/payouts/${testPayout}`, `/collections/${liveCollection}`]) {
      for (const key of [bKeys.test_key, bKeys.production_key]) {
        const res = await v1(t, key, 'GET', url);
        expect([res.statusCode, res.json().code], url).toEqual([404, 'not_found']);
      }
    }
    expect((await v1(t, bKeys.test_key, 'GET', '/collections')).json().data).toMatchObject({ items: [], totalItems: 0 });
    expect((await v1(t, bKeys.test_key, 'GET', '/balance')).json().data.available).toBe(0);
  });
});
