/**
 * Decision 032: live payments and payouts through MTN MoMo and Airtel Money, here the fake providers started by the test.
 * Callbacks, the reconciler, expiry and the ledger after each.
 */
import { CALLBACK_MESSAGES, PAYMENT_MESSAGES as M, PAYOUT_FAILURES } from '@sente/contracts/payments';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeAirtel } from '../../../testing/fake-airtel.ts';
import type { FakeMtn } from '../../../testing/fake-mtn.ts';
import { post } from '../../../testing/http.ts';
import {
  AIRTEL_PHONE,
  AMOUNT,
  CREDIT,
  closeLiveRails,
  collectionRow,
  type LiveRails,
  liveUgx,
  MTN_PHONE,
  secondsLater,
  startLiveRails,
  transferRow,
} from '../../../testing/live-rails.ts';
import { createMerchant, createPaymentLink, expectLedgerHolds, type Merchant, payId } from '../../../testing/payments.ts';
import type { TestApp } from '../../../testing/test-app.ts';
import { pinToken } from '../../../testing/transfers.ts';
import { createProviderCallbacks, type ProviderCallbacks } from './callbacks.ts';
import { hideCallbackSecret } from './routes.ts';

let rails: LiveRails;
let mtn: FakeMtn;
let airtel: FakeAirtel;
let t: TestApp;
let merchant: Merchant;
let liveRef: string;
let testRef: string;
const logged: Array<{ msg: string; level: number }> = [];
/** The app's callbacks, with a log the test reads (the app's own log is silent in tests). */
let logging: ProviderCallbacks;

const collection = (id: string) => collectionRow(t, id);
const transfer = (id: string) => transferRow(t, id);
const liveBalance = () => liveUgx(t, merchant);

/** The path of the callback URL MTN was given with the request: where MTN would PUT its callback. */
const mtnCallbackPath = (referenceId: string) => new URL(mtn.records.get(referenceId)?.callbackUrl ?? '').pathname;
let airtelCallbackPath: string;

/** A provider's callback, as it arrives; then the confirmation it started has ended. */
async function callback(path: string, payload: unknown, method: 'PUT' | 'POST' = 'POST') {
  const res = await t.app.inject({ method, url: path, payload: payload as object });
  await t.app.services.providerCallbacks.idle();
  return res;
}

/** MTN's callback body for a record, shaped as its status answer (the fake's own shape, as MTN sends it). */
function mtnBody(referenceId: string, status: 'SUCCESSFUL' | 'FAILED' = 'SUCCESSFUL') {
  const record = mtn.records.get(referenceId);
  return { externalId: record?.body.externalId ?? referenceId, amount: String(AMOUNT), currency: 'UGX', status };
}

beforeAll(async () => {
  rails = await startLiveRails('Kampala Live Books');
  ({ mtn, airtel, t, merchant, liveRef } = rails);
  const { providers, payments, transfers } = t.app.services;
  logging = createProviderCallbacks({
    db: t.database.db,
    providers,
    secret: new URL(t.app.services.rails.summary().callbacks[0]?.url ?? '').pathname.split('/').pop() ?? '',
    settlePayment: payments.settle,
    reportDisbursement: transfers.reportDisbursement,
    recordStep: payments.recordProviderStep,
    logger: pino({ level: 'warn' }, { write: (line: string) => logged.push(JSON.parse(line)) }),
  });
  // A second merchant stays in test mode: its payments are the simulator's.
  testRef = (await createPaymentLink(t, await createMerchant(t, 'Kampala Test Books'), { amount: AMOUNT })).ref;
  const summary = t.app.services.rails.summary();
  airtelCallbackPath = new URL(summary.callbacks.find((c) => c.provider === 'airtel_money')?.url ?? '').pathname;
});
afterAll(() => closeLiveRails(rails));
// The ledger balances after every test, the last included (`ledger:verify`).
afterEach(() => expectLedgerHolds(t));

describe('live collections through MTN MoMo', () => {
  it('asks MTN with our own reference id and callback URL, and a callback credits the live wallet once', async () => {
    const before = await liveBalance();
    const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
    const record = mtn.records.get(id);
    expect(record).toMatchObject({ product: 'collection', status: 'PENDING' });
    expect(record?.body).toMatchObject({
      amount: String(AMOUNT),
      currency: 'UGX',
      externalId: id,
      payer: { partyId: '256772123456' },
    });
    expect(mtnCallbackPath(id)).toMatch(/^\/api\/providers\/mtn_momo\/callback\/[\w-]{43}$/);
    expect((await collection(id)).status).toBe('pending');

    await mtn.complete(id, 'SUCCESSFUL');
    expect((await callback(mtnCallbackPath(id), mtnBody(id), 'PUT')).statusCode).toBe(200);
    expect(await collection(id)).toMatchObject({ status: 'successful', provider: 'mtn_momo' });
    expect(await liveBalance()).toBe(before + CREDIT);

    // The same callback again, and once more by POST: answered, and nothing moves.
    expect((await callback(mtnCallbackPath(id), mtnBody(id), 'PUT')).statusCode).toBe(200);
    expect((await callback(mtnCallbackPath(id), mtnBody(id))).statusCode).toBe(200);
    expect(await liveBalance()).toBe(before + CREDIT);
    await expectLedgerHolds(t);
  });

  it('does not believe a callback body: a forged SUCCESSFUL for a payment MTN still has pending changes nothing', async () => {
    const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
    const before = await liveBalance();
    expect((await callback(mtnCallbackPath(id), mtnBody(id))).statusCode).toBe(200);
    expect((await collection(id)).status).toBe('pending');
    expect(await liveBalance()).toBe(before);
  });

  it('recovers a lost callback: the reconciler asks MTN and applies its answer', async () => {
    const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
    const before = await liveBalance();
    // Not yet due: the first status check comes PROVIDER_POLL_AFTER_SECONDS after MTN accepted it.
    const asked = () => mtn.requests.filter((r) => r.method === 'GET' && r.path.endsWith(id)).length;
    await t.app.services.jobs.runDue();
    expect(asked()).toBe(0);
    await t.app.services.jobs.runDue({ now: secondsLater(31) });
    expect(asked()).toBe(1);
    const polled = await collection(id);
    expect(polled.status).toBe('pending');
    expect(new Date(polled.settle_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 31_000);

    await mtn.complete(id, 'SUCCESSFUL');
    await t.app.services.jobs.runDue({ now: secondsLater(120) });
    expect(asked()).toBe(2);
    expect(await collection(id)).toMatchObject({ status: 'successful' });
    expect(await liveBalance()).toBe(before + CREDIT);
    // A late callback for it changes nothing.
    expect((await callback(mtnCallbackPath(id), mtnBody(id))).statusCode).toBe(200);
    expect(await liveBalance()).toBe(before + CREDIT);
  });

  it.each([
    ['NOT_ENOUGH_FUNDS', M.insufficientBalance],
    ['APPROVAL_REJECTED', M.declinedOnPhone],
    ['EXPIRED', M.expired],
    ['PAYER_NOT_FOUND', M.notRegistered],
  ])('a payment MTN reports FAILED with %s fails with a clear message and credits nothing', async (reason, message) => {
    const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
    const before = await liveBalance();
    await mtn.complete(id, { reason });
    expect((await callback(mtnCallbackPath(id), mtnBody(id, 'FAILED'), 'PUT')).statusCode).toBe(200);
    expect(await collection(id)).toMatchObject({ status: 'failed', status_message: message });
    const page = await t.app.inject({ method: 'GET', url: `/api/public/payments/${id}` });
    expect(page.json().data).toMatchObject({ status: 'failed', message });
    expect(await liveBalance()).toBe(before);
  });

  it('expires a payment MTN never settles, after one last status check', async () => {
    const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
    const statusChecks = () => mtn.requests.filter((r) => r.method === 'GET' && r.path.endsWith(id)).length;
    await t.app.services.jobs.runDue({ now: secondsLater(601) });
    expect(statusChecks()).toBe(1);
    expect(await collection(id)).toMatchObject({ status: 'failed', status_message: M.expired });
  });

  it('finds a success MTN reports after the payment expired here, with its callback lost: never credited, asked no more', async () => {
    const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
    const before = await liveBalance();
    const asked = () => mtn.requests.filter((r) => r.method === 'GET' && r.path.endsWith(id)).length;
    const expiry = secondsLater(601);
    await t.app.services.jobs.runDue({ now: expiry });
    const expired = await collection(id);
    expect(expired).toMatchObject({ status: 'failed', status_message: M.expired });
    // The late check comes five minutes after the expiry (the pass's clock).
    expect(new Date(expired.late_check_at ?? 0).getTime()).toBe(expiry.getTime() + 5 * 60_000);
    await mtn.complete(id, 'SUCCESSFUL');

    await t.app.services.jobs.runDue({ now: secondsLater(800) });
    expect(asked()).toBe(1);
    // Two workers at once: the claim gives the row to one, so MTN is asked once and the success counted once.
    const passes = await Promise.all([902, 902].map((seconds) => t.app.services.jobs.runDue({ now: secondsLater(seconds) })));
    expect(asked()).toBe(2);
    expect(passes.map((pass) => pass.lateChecks.lateSuccesses).sort()).toEqual([0, 1]);
    expect(passes.every((pass) => pass.lateChecks.failed === 0)).toBe(true);
    expect(await collection(id)).toMatchObject({ status: 'failed', status_message: M.expired, late_check_at: null });
    expect(await liveBalance()).toBe(before);
    await t.app.services.jobs.runDue({ now: secondsLater(6 * 3600) });
    expect(asked()).toBe(2);
  });

  it('asks again about a payment the payer cancelled while MTN still has it pending, for a day at most; never a test one', async () => {
    const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
    const asked = () => mtn.requests.filter((r) => r.method === 'GET' && r.path.endsWith(id)).length;
    expect((await t.app.inject({ method: 'POST', url: `/api/public/payments/${id}/cancel` })).statusCode).toBe(200);
    expect((await collection(id)).late_check_at).not.toBeNull();
    await t.app.services.jobs.runDue({ now: secondsLater(601) });
    expect(asked()).toBe(1);
    const rescheduled = new Date((await collection(id)).late_check_at ?? 0).getTime();
    expect(rescheduled).toBeGreaterThan(secondsLater(301 + 299).getTime());
    // A day after it started, MTN still says pending: asked one last time, then no more.
    await t.app.services.jobs.runDue({ now: secondsLater(23 * 3600) });
    expect(asked()).toBe(2);
    expect(await collection(id)).toMatchObject({ status: 'failed', status_message: M.cancelled, late_check_at: null });

    const testId = await payId(t, testRef, { channel: 'MTN_UG', phone: '0772000002' });
    await t.app.inject({ method: 'POST', url: `/api/public/payments/${testId}/cancel` });
    expect(await collection(testId)).toMatchObject({ status: 'failed', late_check_at: null });
  });

  it('keeps a payment pending when MTN could not be reached at the request, and fails it when MTN never had it', async () => {
    mtn.fault('requesttopay', 'hang', 'hang');
    const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
    expect((await collection(id)).status).toBe('pending');
    expect(mtn.records.has(id)).toBe(false);
    await t.app.services.jobs.runDue({ now: secondsLater(601) });
    expect(await collection(id)).toMatchObject({ status: 'failed', status_message: M.providerLost });
  });

  it('a payment MTN refuses at once fails at once, with the mapped reason', async () => {
    mtn.refuse('requesttopay', 'PAYER_NOT_FOUND');
    const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
    expect(await collection(id)).toMatchObject({ status: 'failed', status_message: M.notRegistered });
  });

  it('a reconciler poll that fails (MTN down) is retried later with backoff, and nothing is applied', async () => {
    const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
    mtn.fault('status', 503, 503);
    const pass = await t.app.services.jobs.runDue({ now: secondsLater(31) });
    expect(pass.payments).toMatchObject({ failed: 1, settled: 0 });
    expect(await collection(id)).toMatchObject({ status: 'pending', worker_attempts: 1 });
  });

  it('a callback racing the reconciler is applied once', async () => {
    const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
    const before = await liveBalance();
    await mtn.complete(id, 'SUCCESSFUL');
    await Promise.all([
      callback(mtnCallbackPath(id), mtnBody(id)),
      t.app.services.jobs.runDue({ now: secondsLater(31) }),
      callback(mtnCallbackPath(id), mtnBody(id)),
    ]);
    expect(await liveBalance()).toBe(before + CREDIT);
    const entries = await t.database.db.selectFrom('ledger_transactions').select('id').where('reference_id', '=', id).execute();
    expect(entries).toHaveLength(1);
  });
});

describe('live collections through Airtel Money', () => {
  it('sends the number without 256 and our transaction id, and the callback credits once', async () => {
    const id = await payId(t, liveRef, { channel: 'AIRTEL', phone: AIRTEL_PHONE });
    const row = await collection(id);
    const record = airtel.records.get(row.transaction_id);
    expect(record?.body).toMatchObject({
      subscriber: { msisdn: '702123456' },
      transaction: { id: row.transaction_id, amount: AMOUNT },
    });
    const before = await liveBalance();
    await airtel.complete(row.transaction_id, 'TS');
    const body = { transaction: { id: row.transaction_id, message: 'Paid', status_code: 'TS', airtel_money_id: 'MP1' } };
    expect((await callback(airtelCallbackPath, body)).statusCode).toBe(200);
    expect(await collection(id)).toMatchObject({ status: 'successful', provider: 'airtel_money' });
    expect(await liveBalance()).toBe(before + CREDIT);
    expect((await callback(airtelCallbackPath, body)).statusCode).toBe(200);
    expect(await liveBalance()).toBe(before + CREDIT);
  });

  it('the reconciler applies an Airtel expiry (TE) as not approved in time', async () => {
    const id = await payId(t, liveRef, { channel: 'AIRTEL', phone: AIRTEL_PHONE });
    const { transaction_id } = await collection(id);
    await airtel.complete(transaction_id, { status: 'TE' });
    await t.app.services.jobs.runDue({ now: secondsLater(31) });
    expect(await collection(id)).toMatchObject({ status: 'failed', status_message: M.expired });
  });
});

describe('callbacks that are refused', () => {
  const wrongSecretPath = () => mtnCallbackPath([...mtn.records.keys()][0] ?? '').replace(/[\w-]{43}$/, 'x'.repeat(43));

  it('a wrong secret is refused (403) and logged, and changes nothing', async () => {
    const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
    await mtn.complete(id, 'SUCCESSFUL');
    const res = await callback(wrongSecretPath(), mtnBody(id));
    expect([res.statusCode, res.json().message]).toEqual([403, CALLBACK_MESSAGES.wrongSecret]);
    expect((await collection(id)).status).toBe('pending');
    await expect(logging.receive('mtn_momo', 'x'.repeat(43), mtnBody(id))).rejects.toThrow(CALLBACK_MESSAGES.wrongSecret);
    expect(logged.some((line) => line.msg === 'provider callback with a wrong secret refused')).toBe(true);
    for (const short of ['x', '']) {
      const path = mtnCallbackPath(id).replace(/[\w-]{43}$/, short);
      expect([403, 404]).toContain((await callback(path, mtnBody(id))).statusCode);
    }
    // The right URL then applies it.
    expect((await callback(mtnCallbackPath(id), mtnBody(id))).statusCode).toBe(200);
    expect((await collection(id)).status).toBe('successful');
  });

  it('keeps the secret out of the URL the app routes and logs', async () => {
    const headers: Record<string, unknown> = {};
    expect(hideCallbackSecret({ url: '/api/providers/mtn_momo/callback/s3cret?x=1', headers })).toBe(
      '/api/providers/mtn_momo/callback/-?x=1',
    );
    expect(headers['x-sente-callback-secret']).toBe('s3cret');
    const spoofed: Record<string, unknown> = { 'x-sente-callback-secret': 'guess' };
    hideCallbackSecret({ url: '/api/providers/mtn_momo/callback/-', headers: spoofed });
    expect(spoofed['x-sente-callback-secret']).toBe('-');
    expect(hideCallbackSecret({ url: '/api/public/links/abc', headers: {} })).toBe('/api/public/links/abc');
  });

  it('an unknown reference is refused (404) and logged', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await callback(airtelCallbackPath.replace('airtel_money', 'mtn_momo'), {
      externalId: unknown,
      status: 'SUCCESSFUL',
    });
    expect([res.statusCode, res.json().message]).toEqual([404, CALLBACK_MESSAGES.unknownReference]);
    const secret = airtelCallbackPath.split('/').pop() ?? '';
    await expect(logging.receive('mtn_momo', secret, { externalId: unknown })).rejects.toThrow(
      CALLBACK_MESSAGES.unknownReference,
    );
    expect(logged.some((line) => line.msg === 'provider callback for an unknown reference refused')).toBe(true);
  });

  it('a callback naming a test payment (the simulator) is not found: live callbacks never touch test money', async () => {
    const testId = await payId(t, testRef, { channel: 'MTN_UG', phone: MTN_PHONE });
    expect((await collection(testId)).provider).toBe('simulator');
    const res = await callback(airtelCallbackPath.replace('airtel_money', 'mtn_momo'), {
      externalId: testId,
      status: 'SUCCESSFUL',
    });
    expect(res.statusCode).toBe(404);
    const simulator = await callback(airtelCallbackPath.replace('airtel_money', 'simulator'), { externalId: testId });
    expect([simulator.statusCode, simulator.json().message]).toEqual([404, CALLBACK_MESSAGES.unknownProvider]);
  });

  it.each([
    ['no body', undefined],
    ['the wrong shape', { transaction: 'TS' }],
    ['a NUL byte', { transaction: { id: 'SNT\u0000', status_code: 'TS' } }],
    ['a huge id', { transaction: { id: 'x'.repeat(5000), status_code: 'TS' } }],
  ])('a body with %s is refused with a 4xx, never a 500', async (_what, body) => {
    const res = await t.app.inject({ method: 'POST', url: airtelCallbackPath, ...(body ? { payload: body } : {}) });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().message).toEqual(expect.any(String));
  });
});

describe('live payouts', () => {
  beforeAll(async () => {
    // The live wallet is funded the live way: a collection MTN confirms.
    const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
    await mtn.complete(id, 'SUCCESSFUL');
    await callback(mtnCallbackPath(id), mtnBody(id));
    expect(await liveBalance()).toBeGreaterThanOrEqual(CREDIT);
  });

  /** A live payout from the merchant's live wallet, as the dashboard asks for it. */
  async function livePayout(phone: string, amount = 5_000) {
    const res = await post(t, merchant, '/api/yo/process_payout', {
      active_env: 'prod',
      creator_id: merchant.userId,
      sente_account_id: merchant.accountId,
      amount,
      account: phone,
      narrative: 'Supplier',
      pin_token: await pinToken(t, merchant),
    });
    if (res.statusCode !== 201) throw new Error(`payout answered ${res.statusCode}: ${res.body}`);
    return res.json().data.id as string;
  }

  it('an MTN payout is held, sent with our reference id, and paid when MTN confirms', async () => {
    const before = await liveBalance();
    const id = await livePayout(MTN_PHONE);
    expect(await transfer(id)).toMatchObject({ status: 'pending', provider: 'mtn_momo' });
    expect(await liveBalance()).toBe(before - 5_000 - 1_000);
    expect(mtn.records.get(id)?.body).toMatchObject({ amount: '5000', externalId: id, payee: { partyId: '256772123456' } });
    await mtn.complete(id, 'SUCCESSFUL');
    expect((await callback(mtnCallbackPath(id), { externalId: id, status: 'SUCCESSFUL' }, 'PUT')).statusCode).toBe(200);
    expect(await transfer(id)).toMatchObject({ status: 'successful' });
    expect(await liveBalance()).toBe(before - 6_000);
  });

  it('a payout MTN reports failed is reversed on the ledger, with the reason the merchant reads', async () => {
    const before = await liveBalance();
    const id = await livePayout(MTN_PHONE);
    await mtn.complete(id, { reason: 'PAYEE_NOT_FOUND' });
    await t.app.services.jobs.runDue({ now: secondsLater(31) });
    expect(await transfer(id)).toMatchObject({ status: 'rejected', failure_reason: PAYOUT_FAILURES.notRegistered });
    expect(await liveBalance()).toBe(before);
  });

  it('a payout still pending at the provider past its expiry stays held and is asked about again', async () => {
    const before = await liveBalance();
    const id = await livePayout(AIRTEL_PHONE);
    expect(airtel.records.get(id)?.body).toMatchObject({ payee: { msisdn: '702123456' }, transaction: { id } });
    await t.app.services.jobs.runDue({ now: secondsLater(601) });
    expect(airtel.requests.filter((r) => r.method === 'GET' && r.path.endsWith(id))).toHaveLength(1);
    expect(await transfer(id)).toMatchObject({ status: 'pending' });
    expect(await liveBalance()).toBe(before - 6_000);
    await airtel.complete(id, 'TS');
    const body = { transaction: { id, message: 'Paid', status_code: 'TS', airtel_money_id: 'MP2' } };
    expect((await callback(airtelCallbackPath, body)).statusCode).toBe(200);
    expect(await transfer(id)).toMatchObject({ status: 'successful' });
  });

  it('a payout the provider never received stays held until a day old, then is returned to the wallet', async () => {
    const before = await liveBalance();
    mtn.fault('transfer', 'hang', 'hang');
    const id = await livePayout(MTN_PHONE);
    expect(await transfer(id)).toMatchObject({ status: 'pending' });
    // MTN may answer 404 for a while after taking it (decision 040): not returned yet.
    await t.app.services.jobs.runDue({ now: secondsLater(31) });
    expect(await transfer(id)).toMatchObject({ status: 'pending' });
    expect(await liveBalance()).toBeLessThan(before);
    await t.app.services.jobs.runDue({ now: secondsLater(24 * 60 * 60 + 60) });
    expect(await transfer(id)).toMatchObject({ status: 'rejected', failure_reason: PAYOUT_FAILURES.lost });
    expect(await liveBalance()).toBe(before);
  });
});
