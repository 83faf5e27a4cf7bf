/**
 * Decision 043, end to end: Airtel Money answers a request sent again (its first answer lost) as a duplicate, or
 * with a code we do not know, and the payment or payout stays pending until the enquiry decides it. Before, the
 * duplicate was a refusal: the held payout went back to the wallet while Airtel paid it (the merchant paid twice), and
 * a payment failed while the payer was charged. The ledger verifies after every test.
 */
import { PAYMENT_MESSAGES as M, PAYOUT_FAILURES } from '@sente/contracts/payments';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AirtelFault, FakeAirtel } from '../../../testing/fake-airtel.ts';
import { post } from '../../../testing/http.ts';
import {
  AIRTEL_PHONE,
  CREDIT,
  closeLiveRails,
  collectionRow,
  type LiveRails,
  liveUgx,
  PAYOUT,
  PAYOUT_CHARGE,
  secondsLater,
  startLiveRails,
  transferRow,
} from '../../../testing/live-rails.ts';
import { expectLedgerHolds, type Merchant, payId } from '../../../testing/payments.ts';
import type { TestApp } from '../../../testing/test-app.ts';
import { pinToken } from '../../../testing/transfers.ts';

let rails: LiveRails;
let airtel: FakeAirtel;
let t: TestApp;
let merchant: Merchant;
let liveRef: string;

const collection = (id: string) => collectionRow(t, id);
const transfer = (id: string) => transferRow(t, id);
const liveBalance = () => liveUgx(t, merchant);
/** The ledger transactions a payment or payout moved. */
const postings = (referenceId: string) =>
  t.database.db.selectFrom('ledger_transactions').select('id').where('reference_id', '=', referenceId).execute();
/** The requests Airtel got to create a transaction with this id. */
const sentToAirtel = (path: string, id: string) =>
  airtel.requests.filter(
    (request) => request.method === 'POST' && request.path.startsWith(path) && (request.body as any)?.transaction?.id === id,
  );

/** A live payout to an Airtel number from the merchant's live wallet, as the dashboard asks for it. */
async function livePayout(amount = PAYOUT) {
  const res = await post(t, merchant, '/api/yo/process_payout', {
    active_env: 'prod',
    creator_id: merchant.userId,
    sente_account_id: merchant.accountId,
    amount,
    account: AIRTEL_PHONE,
    narrative: 'Supplier',
    pin_token: await pinToken(t, merchant),
  });
  if (res.statusCode !== 201) throw new Error(`payout answered ${res.statusCode}: ${res.body}`);
  return res.json().data.id as string;
}

beforeAll(async () => {
  rails = await startLiveRails('Kampala Airtel Books');
  ({ airtel, t, merchant, liveRef } = rails);
  // The live wallet is funded the live way: two Airtel collections the enquiry confirms.
  for (let i = 0; i < 2; i += 1) {
    const id = await payId(t, liveRef, { channel: 'AIRTEL', phone: AIRTEL_PHONE });
    await airtel.complete((await collection(id)).transaction_id, 'TS');
  }
  await t.app.services.jobs.runDue({ now: secondsLater(31) });
  expect(await liveBalance()).toBe(2 * CREDIT);
});
afterAll(() => closeLiveRails(rails));
afterEach(() => expectLedgerHolds(t));

describe('an Airtel payout whose first answer is lost', () => {
  it('is sent again and answered DP00900001011: it stays held, and is paid once when the enquiry says TS', async () => {
    const before = await liveBalance();
    airtel.fault('disbursement', 'record-then-hang');
    const id = await livePayout();

    // Airtel took the first attempt and answered the second, with the same transaction id, as a duplicate.
    expect(sentToAirtel('/standard/v1/disbursements', id)).toHaveLength(2);
    expect(airtel.records.get(id)).toMatchObject({ product: 'disbursement', status: 'TIP' });
    expect(await transfer(id)).toMatchObject({ status: 'pending', provider: 'airtel_money', failure_reason: null });
    expect(await liveBalance()).toBe(before - PAYOUT - PAYOUT_CHARGE);

    // The reconciler's enquiry while Airtel still has it in progress changes nothing.
    await t.app.services.jobs.runDue({ now: secondsLater(31) });
    expect(await transfer(id)).toMatchObject({ status: 'pending' });
    expect(await liveBalance()).toBe(before - PAYOUT - PAYOUT_CHARGE);

    await airtel.complete(id, 'TS');
    await t.app.services.jobs.runDue({ now: secondsLater(120) });
    expect(await transfer(id)).toMatchObject({ status: 'successful' });
    expect(await liveBalance()).toBe(before - PAYOUT - PAYOUT_CHARGE);
    const moved = (await postings(id)).length;

    // Paid once: more passes and Airtel's callback move nothing more, and nothing is sent to Airtel again.
    await t.app.services.jobs.runDue({ now: secondsLater(900) });
    const summary = t.app.services.rails.summary();
    const callbackPath = new URL(summary.callbacks.find((c) => c.provider === 'airtel_money')?.url ?? '').pathname;
    const body = {
      transaction: { id, message: 'Paid', status_code: 'TS', airtel_money_id: airtel.records.get(id)?.airtelMoneyId },
    };
    expect((await t.app.inject({ method: 'POST', url: callbackPath, payload: body })).statusCode).toBe(200);
    await t.app.services.providerCallbacks.idle();
    expect(await liveBalance()).toBe(before - PAYOUT - PAYOUT_CHARGE);
    expect(await postings(id)).toHaveLength(moved);
    expect(sentToAirtel('/standard/v1/disbursements', id)).toHaveLength(2);
  });

  it.each<[string, AirtelFault]>([
    ['a code we do not know', { code: 'DP00900001099', message: 'Transaction with similar information already exists' }],
    ['the gateway’s bare ROUTER117', { code: 'ROUTER117', message: 'Request Timeout' }],
  ])('answered with %s on the retry: held, then returned only when the enquiry says failed', async (_what, retryAnswer) => {
    const before = await liveBalance();
    airtel.fault('disbursement', 'record-then-hang', retryAnswer);
    const id = await livePayout();
    expect(await transfer(id)).toMatchObject({ status: 'pending' });
    expect(await liveBalance()).toBe(before - PAYOUT - PAYOUT_CHARGE);

    await airtel.complete(id, { status: 'TF', responseCode: 'DP00900001012', message: 'Mobile number entered is incorrect' });
    await t.app.services.jobs.runDue({ now: secondsLater(31) });
    expect(await transfer(id)).toMatchObject({ status: 'rejected', failure_reason: PAYOUT_FAILURES.notRegistered });
    expect(await liveBalance()).toBe(before);
  });

  it('a documented refusal still refuses at once: the payout is returned with the mapped reason', async () => {
    const before = await liveBalance();
    airtel.fault('disbursement', { code: 'DP00900001012', message: 'Mobile number entered is incorrect.' });
    const id = await livePayout();
    expect(await transfer(id)).toMatchObject({ status: 'rejected', failure_reason: PAYOUT_FAILURES.notRegistered });
    expect(await liveBalance()).toBe(before);
  });
});

describe('an Airtel payment whose first answer is lost', () => {
  it.each<[string, AirtelFault[]]>([
    ['Airtel’s duplicate (ESB000041)', ['record-then-hang']],
    ['a code we do not know', ['record-then-hang', { code: 'DP00800001099', message: 'Duplicate request' }]],
    ['the gateway’s bare ROUTER117', ['record-then-hang', { code: 'ROUTER117', message: 'Request Timeout' }]],
  ])(
    'is sent again and answered with %s: pending, not failed, and credited once when the enquiry says TS',
    async (_what, faults) => {
      const before = await liveBalance();
      airtel.fault('payment', ...faults);
      const id = await payId(t, liveRef, { channel: 'AIRTEL', phone: AIRTEL_PHONE });
      const { transaction_id } = await collection(id);

      expect(sentToAirtel('/merchant/v1/payments', transaction_id)).toHaveLength(2);
      expect(airtel.records.get(transaction_id)).toMatchObject({ product: 'collection', status: 'TIP' });
      expect(await collection(id)).toMatchObject({ status: 'pending', status_message: null });
      const page = await t.app.inject({ method: 'GET', url: `/api/public/payments/${id}` });
      expect(page.json().data.status).toBe('pending');

      await airtel.complete(transaction_id, 'TS');
      await t.app.services.jobs.runDue({ now: secondsLater(31) });
      expect(await collection(id)).toMatchObject({ status: 'successful' });
      expect(await liveBalance()).toBe(before + CREDIT);
      await t.app.services.jobs.runDue({ now: secondsLater(600) });
      expect(await liveBalance()).toBe(before + CREDIT);
    },
  );

  it('a documented refusal of the push still fails the payment at once, with the payer’s reason', async () => {
    airtel.fault('payment', { code: 'DP00800001007', message: 'Insufficient funds' });
    const id = await payId(t, liveRef, { channel: 'AIRTEL', phone: AIRTEL_PHONE });
    expect(await collection(id)).toMatchObject({ status: 'failed', status_message: M.insufficientBalance });
  });
});
