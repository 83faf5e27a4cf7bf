/**
 * Decision 040: the MTN rail end to end (pay page or dashboard, the worker, callbacks, the ledger) when MTN
 * answers as it really does: a setup error as HTTP 500 with a code (case 2), 404 for a while after its 202 (case 3),
 * and a status answer naming another amount or currency (case 4). The fake MTN plays MTN; the ledger verifies after
 * each test.
 */
import { PAYMENT_MESSAGES as M, PAYOUT_FAILURES } from '@sente/contracts/payments';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createJobs } from '../../../jobs/jobs.ts';
import type { FakeMtn } from '../../../testing/fake-mtn.ts';
import { post } from '../../../testing/http.ts';
import {
  CREDIT,
  closeLiveRails,
  collectionRow,
  type LiveRails,
  liveUgx,
  MTN_PHONE,
  PAYOUT,
  PAYOUT_CHARGE,
  secondsLater,
  startLiveRails,
  transferRow,
} from '../../../testing/live-rails.ts';
import { expectLedgerHolds, type Merchant, payId } from '../../../testing/payments.ts';
import type { TestApp } from '../../../testing/test-app.ts';
import { pinToken } from '../../../testing/transfers.ts';
import { runOpsCommand } from '../../ops/commands.ts';
import { UNKNOWN_FINAL_MS } from './reconcile.ts';

let rails: LiveRails;
let mtn: FakeMtn;
let t: TestApp;
let merchant: Merchant;
let liveRef: string;
const logged: Array<{ msg: string; level: number; [key: string]: unknown }> = [];

const ERROR = 50;

const collection = (id: string) => collectionRow(t, id);
const transfer = (id: string) => transferRow(t, id);
const liveBalance = () => liveUgx(t, merchant);
const posts = (path: string, id: string) =>
  mtn.requests.filter(
    (request) => request.method === 'POST' && request.path === path && request.headers['x-reference-id'] === id,
  );

/** The worker's pass, as the app runs it, with a log the test reads (the app's own log is silent in tests). */
function jobsWithLog() {
  const { providers, payments, transfers } = t.app.services;
  return createJobs({
    db: t.database.db,
    settlePayment: payments.settle,
    reportDisbursement: transfers.reportDisbursement,
    handOverPayment: payments.handOver,
    handOverPayout: transfers.handOverPayout,
    recordStep: payments.recordProviderStep,
    providers,
    pollAfterMs: 30_000,
    logger: pino({ level: 'warn' }, { write: (line: string) => logged.push(JSON.parse(line)) }),
  });
}

/** A provider's callback, as it arrives; then the confirmation it started has ended. */
async function mtnCallback(id: string) {
  const path = new URL(mtn.records.get(id)?.callbackUrl ?? '').pathname;
  const res = await t.app.inject({ method: 'PUT', url: path, payload: { externalId: id, status: 'SUCCESSFUL' } });
  await t.app.services.providerCallbacks.idle();
  return res;
}

/** A live payout from the merchant's live wallet, as the dashboard asks for it: the transfer's id. */
async function livePayout() {
  const res = await post(t, merchant, '/api/yo/process_payout', {
    active_env: 'prod',
    creator_id: merchant.userId,
    sente_account_id: merchant.accountId,
    amount: PAYOUT,
    account: MTN_PHONE,
    narrative: 'Supplier',
    pin_token: await pinToken(t, merchant),
  });
  if (res.statusCode !== 201) throw new Error(`payout answered ${res.statusCode}: ${res.body}`);
  return res.json().data.id as string;
}

beforeAll(async () => {
  rails = await startLiveRails('Kampala Live Books');
  ({ mtn, t, merchant, liveRef } = rails);
  // The live wallet is funded the live way: a collection MTN confirms.
  const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
  await mtn.complete(id, 'SUCCESSFUL');
  await t.app.services.jobs.runDue({ now: secondsLater(31) });
  expect(await liveBalance()).toBe(CREDIT);
});
afterAll(() => closeLiveRails(rails));
afterEach(async () => {
  logged.length = 0;
  await expectLedgerHolds(t);
});

describe('case 2: MTN answers our setup errors as HTTP 500 with a code', () => {
  it.each(['NOT_ALLOWED', 'NOT_ALLOWED_TARGET_ENVIRONMENT', 'INVALID_CALLBACK_URL_HOST', 'INVALID_CURRENCY'])(
    'a payment refused with %s fails at once, asked once, "could not be reached", nothing taken',
    async (code) => {
      const before = await liveBalance();
      mtn.fault('requesttopay', { code });
      const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
      expect(await collection(id)).toMatchObject({
        status: 'failed',
        status_message: M.providerUnavailable,
        late_check_at: null,
      });
      expect(posts('/collection/v1_0/requesttopay', id)).toHaveLength(1);
      expect(mtn.records.has(id)).toBe(false);
      expect(await liveBalance()).toBe(before);
    },
  );

  it('a payout refused with INVALID_CURRENCY is returned to the wallet at once', async () => {
    const before = await liveBalance();
    mtn.fault('transfer', { code: 'INVALID_CURRENCY' });
    const id = await livePayout();
    expect(await transfer(id)).toMatchObject({ status: 'rejected', failure_reason: M.providerUnavailable });
    expect(posts('/disbursement/v1_0/transfer', id)).toHaveLength(1);
    expect(await liveBalance()).toBe(before);
  });
});

describe('case 3: MTN answers 404 for a while after its 202', () => {
  it('a payment MTN does not find yet stays pending, and is credited when MTN then reports it successful', async () => {
    const before = await liveBalance();
    const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
    mtn.notFoundFor(id, 2);
    const first = await t.app.services.jobs.runDue({ now: secondsLater(31) });
    expect(first.payments.checked).toBeGreaterThanOrEqual(1);
    expect(await collection(id)).toMatchObject({ status: 'pending' });
    await t.app.services.jobs.runDue({ now: secondsLater(62) });
    expect(await collection(id)).toMatchObject({ status: 'pending' });

    await mtn.complete(id, 'SUCCESSFUL');
    await t.app.services.jobs.runDue({ now: secondsLater(150) });
    expect(await collection(id)).toMatchObject({ status: 'successful' });
    expect(await liveBalance()).toBe(before + CREDIT);
  });

  it('still unknown at its expiry, a payment fails as lost with late checks, which find MTN’s success later', async () => {
    const before = await liveBalance();
    const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
    mtn.notFoundFor(id, 1_000);
    const expiry = secondsLater(601);
    await t.app.services.jobs.runDue({ now: expiry });
    const lost = await collection(id);
    expect(lost).toMatchObject({ status: 'failed', status_message: M.providerLost });
    expect(new Date(lost.late_check_at ?? 0).getTime()).toBe(expiry.getTime() + 5 * 60_000);

    // Unknown at the late check too: asked again later, not dropped.
    await t.app.services.jobs.runDue({ now: secondsLater(601 + 301) });
    expect((await collection(id)).late_check_at).not.toBeNull();

    mtn.notFoundFor(id, 0);
    await mtn.complete(id, 'SUCCESSFUL');
    const late = await t.app.services.jobs.runDue({ now: secondsLater(3 * 3600) });
    expect(late.lateChecks.lateSuccesses).toBe(1);
    // Never credited: the payer is refunded by the operator (decision 033).
    expect(await collection(id)).toMatchObject({ status: 'failed', status_message: M.providerLost, late_check_at: null });
    expect(await liveBalance()).toBe(before);
  });

  it('a payout MTN does not find yet stays held, and is paid when MTN then reports it paid', async () => {
    const before = await liveBalance();
    const id = await livePayout();
    mtn.notFoundFor(id, 1_000);
    await t.app.services.jobs.runDue({ now: secondsLater(31) });
    await t.app.services.jobs.runDue({ now: secondsLater(3600) });
    expect(await transfer(id)).toMatchObject({ status: 'pending' });
    expect(await liveBalance()).toBe(before - PAYOUT - PAYOUT_CHARGE);

    mtn.notFoundFor(id, 0);
    await mtn.complete(id, 'SUCCESSFUL');
    await t.app.services.jobs.runDue({ now: secondsLater(2 * 3600) });
    expect(await transfer(id)).toMatchObject({ status: 'successful' });
    expect(await liveBalance()).toBe(before - PAYOUT - PAYOUT_CHARGE);
  });

  it('a payout MTN never has is returned only once it is a day old', async () => {
    const before = await liveBalance();
    mtn.fault('transfer', 'hang', 'hang');
    const id = await livePayout();
    expect(mtn.records.has(id)).toBe(false);
    await t.app.services.jobs.runDue({ now: secondsLater(23 * 3600) });
    expect(await transfer(id)).toMatchObject({ status: 'pending' });
    expect(await liveBalance()).toBe(before - PAYOUT - PAYOUT_CHARGE);

    await t.app.services.jobs.runDue({ now: secondsLater(UNKNOWN_FINAL_MS / 1000 + 60) });
    expect(await transfer(id)).toMatchObject({ status: 'rejected', failure_reason: PAYOUT_FAILURES.lost });
    expect(await liveBalance()).toBe(before);
  });
});

describe('case 4: a status answer with another amount or currency is never applied', () => {
  it('a payment MTN reports successful for another amount is not credited, held, logged at error and listed', async () => {
    const before = await liveBalance();
    const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
    mtn.misreport(id, { amount: '250' });
    await mtn.complete(id, 'SUCCESSFUL');

    const pass = await jobsWithLog().runDue({ now: secondsLater(31) });
    expect(pass.payments.mismatched).toBe(1);
    const held = await collection(id);
    expect(held).toMatchObject({
      status: 'pending',
      provider_mismatch: 'successful: the provider reports amount 250 where ours is 25000',
    });
    expect(await liveBalance()).toBe(before);
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: ERROR,
        collectionId: id,
        msg: 'a provider reported an amount or currency not ours; not applied, held for the operator',
      }),
    );

    // Passed over by the worker, past its expiry too; a callback applies nothing either.
    const asks = () => mtn.requests.filter((request) => request.method === 'GET' && request.path.endsWith(id)).length;
    const asked = asks();
    await t.app.services.jobs.runDue({ now: secondsLater(3600) });
    expect(asks()).toBe(asked);
    expect((await mtnCallback(id)).statusCode).toBe(200);
    expect(await collection(id)).toMatchObject({ status: 'pending', provider_mismatch: held.provider_mismatch });
    expect(await liveBalance()).toBe(before);

    const listed = await runOpsCommand(t.app.services, 'providers:mismatches', []);
    expect(listed.ok).toBe(true);
    expect(listed.message).toContain(`payment ${id}`);
    expect(listed.message).toContain('amount 250 where ours is 25000');
  });

  it('a callback confirmed with another currency holds the payment too: never credited', async () => {
    const before = await liveBalance();
    const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
    mtn.misreport(id, { currency: 'EUR' });
    await mtn.complete(id, 'SUCCESSFUL');
    expect((await mtnCallback(id)).statusCode).toBe(200);
    expect(await collection(id)).toMatchObject({
      status: 'pending',
      provider_mismatch: 'successful: the provider reports currency EUR where ours is UGX',
    });
    expect(await liveBalance()).toBe(before);
  });

  it('a payout MTN reports paid for another amount stays held: neither paid nor returned, and listed', async () => {
    const before = await liveBalance();
    const id = await livePayout();
    mtn.misreport(id, { amount: '50000' });
    await mtn.complete(id, 'SUCCESSFUL');
    const pass = await jobsWithLog().runDue({ now: secondsLater(31) });
    expect(pass.payouts.mismatched).toBe(1);
    expect(await transfer(id)).toMatchObject({
      status: 'pending',
      provider_mismatch: 'successful: the provider reports amount 50000 where ours is 5000',
    });
    expect(logged).toContainEqual(expect.objectContaining({ level: ERROR, transferId: id }));
    await t.app.services.jobs.runDue({ now: secondsLater((2 * UNKNOWN_FINAL_MS) / 1000) });
    expect(await transfer(id)).toMatchObject({ status: 'pending' });
    expect(await liveBalance()).toBe(before - PAYOUT - PAYOUT_CHARGE);
    expect((await runOpsCommand(t.app.services, 'providers:mismatches', [])).message).toContain(`payout ${id}`);
  });
});
