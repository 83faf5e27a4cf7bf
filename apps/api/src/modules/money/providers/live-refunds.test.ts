/**
 * Live refunds (decision 053) through MTN MoMo and Airtel Money (here the fake providers started by the test). A
 * refund is paid through the provider's disbursement to the payer's number with our refund id as the reference, held
 * from the live wallet at once, and paid or returned when the provider reports (its callback, or the reconciler). A
 * live card payment, and a payment whose network has no live payout rail, cannot be refunded. The ledger balances
 * after every test.
 */
import { randomUUID } from 'node:crypto';
import { API_ERROR_CODES } from '@sente/contracts/merchant-api';
import { PAYOUT_FAILURES } from '@sente/contracts/payments';
import { REFUND_MESSAGES as R } from '@sente/contracts/refunds';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeAirtel } from '../../../testing/fake-airtel.ts';
import type { FakeMtn } from '../../../testing/fake-mtn.ts';
import { answer, get, post } from '../../../testing/http.ts';
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
import { apiKeysOf, v1 } from '../../../testing/merchant-api.ts';
import { createMerchant, createPaymentLink, expectLedgerHolds, type Merchant, payId } from '../../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { pinToken, setPin } from '../../../testing/transfers.ts';
import { useEnvironment } from '../../../testing/transfers-more.ts';

let rails: LiveRails;
let mtn: FakeMtn;
let airtel: FakeAirtel;
let t: TestApp;
let merchant: Merchant;
let liveRef: string;
/** The merchant's sk_live_ key: the account is approved for live (startLiveRails). */
let liveKey: string;

const transfer = (id: string) => transferRow(t, id);
const liveBalance = () => liveUgx(t, merchant);
let airtelCallbackPath: string;
const mtnCallbackPath = (referenceId: string) => new URL(mtn.records.get(referenceId)?.callbackUrl ?? '').pathname;

/** A provider's callback, as it arrives; then the confirmation it started has ended. */
async function callback(path: string, payload: object, method: 'PUT' | 'POST' = 'POST') {
  const res = await t.app.inject({ method, url: path, payload });
  await t.app.services.providerCallbacks.idle();
  return res;
}

/** A live MTN payment of AMOUNT from MTN_PHONE, confirmed by MTN's callback: CREDIT in the live wallet. */
async function paidThroughMtn(): Promise<string> {
  const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
  await mtn.complete(id, 'SUCCESSFUL');
  const body = { externalId: id, amount: String(AMOUNT), currency: 'UGX', status: 'SUCCESSFUL' };
  expect((await callback(mtnCallbackPath(id), body, 'PUT')).statusCode).toBe(200);
  expect((await collectionRow(t, id)).status).toBe('successful');
  return id;
}

/** The dashboard's refund of a payment, in the merchant's current (live) mode, with the PIN. */
async function refundFromDashboard(id: string, amount: number) {
  return post(
    t,
    merchant,
    `/api/collections/${id}/refund`,
    { amount, reason: 'Wrong size', pin_token: await pinToken(t, merchant) },
    { 'idempotency-key': randomUUID() },
  );
}

beforeAll(async () => {
  rails = await startLiveRails('Kampala Live Refunds');
  ({ mtn, airtel, t, merchant, liveRef } = rails);
  liveKey = (await apiKeysOf(t, merchant)).production_key;
  airtelCallbackPath = new URL(t.app.services.rails.summary().callbacks.find((c) => c.provider === 'airtel_money')?.url ?? '')
    .pathname;
});
afterAll(() => closeLiveRails(rails));
afterEach(() => expectLedgerHolds(t));

describe('live refunds through MTN MoMo', () => {
  it("pays part of a payment back through MTN's disbursement, with our refund id, and MTN's callback completes it", async () => {
    const id = await paidThroughMtn();
    const before = await liveBalance();
    const res = await refundFromDashboard(id, 10_000);
    expect(res.statusCode, res.body).toBe(201);
    const refund = res.json().data;
    expect(refund).toMatchObject({ amount: 10_000, status: 'pending' });
    // Held from the live wallet at once, before MTN confirms.
    expect(await liveBalance()).toBe(before - 10_000);
    expect(await transfer(refund.id)).toMatchObject({
      kind: 'refund',
      collection_id: id,
      environment: 'production',
      status: 'pending',
      provider: 'mtn_momo',
    });

    const sent = mtn.requests.filter((r) => r.method === 'POST' && r.path === '/disbursement/v1_0/transfer');
    expect(sent.at(-1)?.headers['x-reference-id']).toBe(refund.id);
    expect(mtn.records.get(refund.id)).toMatchObject({
      product: 'disbursement',
      status: 'PENDING',
      body: {
        amount: '10000',
        currency: 'UGX',
        externalId: refund.id,
        payee: { partyIdType: 'MSISDN', partyId: '256772123456' },
      },
    });

    await mtn.complete(refund.id, 'SUCCESSFUL');
    const body = { externalId: refund.id, amount: '10000', currency: 'UGX', status: 'SUCCESSFUL' };
    expect((await callback(mtnCallbackPath(refund.id), body, 'PUT')).statusCode).toBe(200);
    expect(await transfer(refund.id)).toMatchObject({ status: 'successful' });
    expect(await liveBalance()).toBe(before - 10_000);
    const detail = (await get(t, merchant, `/api/collections/${id}`)).json().data;
    expect(detail).toMatchObject({ amount_refunded: 10_000, refundable: AMOUNT - 10_000 });
    expect((await v1(t, liveKey, 'GET', `/refunds/${refund.id}`)).json().data).toMatchObject({ status: 'successful' });
    // The same callback again moves nothing.
    expect((await callback(mtnCallbackPath(refund.id), body, 'PUT')).statusCode).toBe(200);
    expect(await liveBalance()).toBe(before - 10_000);
  });

  it('returns a refund MTN reports FAILED to the live wallet, with the reason, when the reconciler asks', async () => {
    const id = await paidThroughMtn();
    const before = await liveBalance();
    const res = await v1(t, liveKey, 'POST', '/refunds', { collection_id: id, amount: 5_000 });
    expect(res.statusCode, res.body).toBe(201);
    const refundId = res.json().data.id;
    expect(mtn.records.get(refundId)?.body).toMatchObject({ amount: '5000', payee: { partyId: '256772123456' } });
    expect(await liveBalance()).toBe(before - 5_000);

    await mtn.complete(refundId, { reason: 'PAYEE_NOT_FOUND' });
    await t.app.services.jobs.runDue({ now: secondsLater(31) });
    expect(await transfer(refundId)).toMatchObject({ status: 'rejected', failure_reason: PAYOUT_FAILURES.notRegistered });
    expect(await liveBalance()).toBe(before);
    expect((await v1(t, liveKey, 'GET', `/refunds/${refundId}`)).json().data).toMatchObject({
      status: 'failed',
      failure_reason: PAYOUT_FAILURES.notRegistered,
    });
    // A failed refund's amount can be refunded again.
    expect((await v1(t, liveKey, 'GET', `/collections/${id}`)).json().data.amount_refunded).toBe(0);
  });
});

describe('live refunds through Airtel Money', () => {
  it("pays an Airtel payment back through Airtel's disbursement, and Airtel's callback completes it", async () => {
    const id = await payId(t, liveRef, { channel: 'AIRTEL', phone: AIRTEL_PHONE });
    const { transaction_id } = await collectionRow(t, id);
    await airtel.complete(transaction_id, 'TS');
    const paid = { transaction: { id: transaction_id, message: 'Paid', status_code: 'TS', airtel_money_id: 'MP10' } };
    expect((await callback(airtelCallbackPath, paid)).statusCode).toBe(200);
    expect(await collectionRow(t, id)).toMatchObject({ status: 'successful', provider: 'airtel_money' });

    const before = await liveBalance();
    const res = await v1(t, liveKey, 'POST', '/refunds', { collection_id: id, amount: 7_000, reason: 'Out of stock' });
    expect(res.statusCode, res.body).toBe(201);
    const refundId = res.json().data.id;
    expect(airtel.records.get(refundId)).toMatchObject({
      product: 'disbursement',
      body: { payee: { msisdn: '702123456' }, transaction: { id: refundId, amount: 7_000 } },
    });
    expect(await liveBalance()).toBe(before - 7_000);

    await airtel.complete(refundId, 'TS');
    const body = { transaction: { id: refundId, message: 'Paid', status_code: 'TS', airtel_money_id: 'MP11' } };
    expect((await callback(airtelCallbackPath, body)).statusCode).toBe(200);
    expect(await transfer(refundId)).toMatchObject({ kind: 'refund', status: 'successful', provider: 'airtel_money' });
    expect(await liveBalance()).toBe(before - 7_000);
  });
});

describe('live refunds that cannot be made', () => {
  it('refuses a live card payment: there is no card acquirer', async () => {
    // The pay page takes no live cards: a live payment is made one here (never credited; the refusal comes first).
    const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
    await t.database.db
      .updateTable('collections')
      .set({ channel: 'CARD', msisdn: null, status: 'successful' })
      .where('id', '=', id)
      .execute();
    const before = await liveBalance();
    const disbursements = mtn.records.size + airtel.records.size;
    expect(answer(await refundFromDashboard(id, 1000))).toEqual([400, R.liveCard]);
    expect(answer(await v1(t, liveKey, 'POST', '/refunds', { collection_id: id }))).toEqual([400, R.liveCard]);
    expect((await get(t, merchant, `/api/collections/${id}`)).json().data.refund_blocked).toBe(R.liveCard);
    expect(await liveBalance()).toBe(before);
    expect(mtn.records.size + airtel.records.size).toBe(disbursements);
  });

  describe('on a network with no live payout rail', () => {
    /** The same fakes, with Airtel's collections set up but not its disbursement (no PIN): Airtel payers cannot be paid. */
    let noPayouts: TestApp;
    let shop: Merchant;
    beforeAll(async () => {
      noPayouts = await createTestApp({ ...rails.env, AIRTEL_DISBURSEMENT_PIN: '' });
      shop = await createMerchant(noPayouts, 'Gulu Live Books');
      await useEnvironment(noPayouts, shop, 'production');
      await setPin(noPayouts, shop);
    });
    afterAll(() => noPayouts?.close());

    it('refuses the refund with liveUnavailable, and moves nothing', async () => {
      const link = await createPaymentLink(noPayouts, shop, { amount: AMOUNT });
      const id = await payId(noPayouts, link.ref, { channel: 'AIRTEL', phone: AIRTEL_PHONE });
      // Airtel's confirmation, as its callback would apply it (the callbacks are tested above).
      await noPayouts.app.services.payments.settle(id, { status: 'successful', message: null });
      expect(await liveUgx(noPayouts, shop)).toBe(CREDIT);

      const res = await post(
        noPayouts,
        shop,
        `/api/collections/${id}/refund`,
        { amount: 1000, reason: 'Wrong size', pin_token: await pinToken(noPayouts, shop) },
        { 'idempotency-key': randomUUID() },
      );
      expect(answer(res)).toEqual([400, R.liveUnavailable]);
      const key = (await apiKeysOf(noPayouts, shop)).production_key;
      const api = await v1(noPayouts, key, 'POST', '/refunds', { collection_id: id });
      expect([api.statusCode, api.json()]).toEqual([
        400,
        expect.objectContaining({ code: API_ERROR_CODES.liveUnavailable, message: R.liveUnavailable }),
      ]);
      expect(await liveUgx(noPayouts, shop)).toBe(CREDIT);
      expect(airtel.records.has(id)).toBe(false);
      await expectLedgerHolds(noPayouts);
    });
  });
});
