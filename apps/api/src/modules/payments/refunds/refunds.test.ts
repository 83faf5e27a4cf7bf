/**
 * Refunds (decision 053): a payment paid back to its payer through the dashboard (PIN) and /v1 (API key), held
 * from the wallet at once, paid or returned when the provider reports, exactly once under retries and races.
 */
import { randomUUID } from 'node:crypto';
import { MERCHANT_API_MESSAGES } from '@sente/contracts/merchant-api';
import { COLLECTION_MESSAGES } from '@sente/contracts/messages';
import { SIMULATOR } from '@sente/contracts/payments';
import { REFUND_MESSAGES as R } from '@sente/contracts/refunds';
import { WALLET_MESSAGES } from '@sente/contracts/transfers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, get, post } from '../../../testing/http.ts';
import { apiKeysOf, v1 } from '../../../testing/merchant-api.ts';
import { lastMessage } from '../../../testing/outbox.ts';
import { createPaymentLink, expectLedgerHolds, type Merchant, payId, ugxBalances } from '../../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { pinToken, WALLET_ENV } from '../../../testing/transfers.ts';
import { createAliceAndBob } from '../../../testing/transfers-more.ts';

let t: TestApp;
/** Refunds her payers; 500,000 UGX (less the fee) in her test wallet. */
let alice: Merchant;
/** Another account: its ids and Alice's must not cross. */
let bob: Merchant;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  ({ alice, bob } = await createAliceAndBob(t));
});
afterAll(async () => {
  await expectLedgerHolds(t);
  await t?.close();
});

/** A successful payment to Alice from `phone`, with the payer's e-mail. */
async function paid(amount: number, phone = '0772123456', merchant = alice): Promise<string> {
  const link = await createPaymentLink(t, merchant, { title: 'Shoes', fixed_amount: false });
  const id = await payId(t, link.ref, { amount, phone, email: 'okello@example.com' });
  await t.app.services.payments.settle(id, { status: 'successful', message: null });
  return id;
}

async function refund(id: string, amount: number | string, options: { key?: string; token?: string; reason?: string } = {}) {
  return post(
    t,
    alice,
    `/api/collections/${id}/refund`,
    { amount, reason: options.reason ?? 'Wrong size', pin_token: options.token ?? (await pinToken(t, alice)) },
    { 'idempotency-key': options.key ?? randomUUID() },
  );
}

const detail = async (id: string, who = alice) => (await get(t, who, `/api/collections/${id}`)).json().data;
const balance = async () => (await ugxBalances(t, alice.accountId)).test;
/** One pass of the worker: the simulator's decisions on refunds (and payouts) fall due. */
const runWorker = () => t.app.services.jobs.runDue({ now: new Date(Date.now() + 60_000) });
const events = (type: string) =>
  t.database.db
    .selectFrom('webhook_events')
    .select(['payload', 'collection_id'])
    .where('account_id', '=', alice.accountId)
    .where('event', '=', type)
    .execute();

describe('POST /api/collections/:id/refund', () => {
  it('refunds half, then the rest, and refuses a third; the fee stays, the payer is told, the statement says it', async () => {
    const id = await paid(40_000);
    const fee = (await detail(id)).fee;
    const start = await balance();

    const half = await refund(id, 20_000);
    expect(half.statusCode).toBe(201);
    expect(half.json()).toMatchObject({
      message: R.started,
      data: { amount: 20_000, status: 'pending', reason: 'Wrong size', failure_reason: null },
    });
    // Held at once, before the provider confirms; pending, not yet refunded (decision 073).
    expect(await balance()).toBe(start - 20_000);
    expect(await detail(id)).toMatchObject({
      amount_refunded: 0,
      amount_refund_pending: 20_000,
      refundable: 20_000,
      refund_blocked: null,
    });

    await runWorker();
    const afterHalf = await detail(id);
    expect(afterHalf.refunds).toEqual([expect.objectContaining({ id: half.json().data.id, status: 'successful' })]);
    expect(afterHalf.timeline.map((step: { kind: string }) => step.kind)).toEqual(
      expect.arrayContaining(['refund_started', 'refund_successful']),
    );
    const [event] = await events('refund.successful');
    expect(event!.collection_id).toBe(id);
    expect(event!.payload).toMatchObject({ id: half.json().data.id, collection_id: id, status: 'successful', amount: 20_000 });
    await expect.poll(() => lastMessage(t.outboxDir, 'okello@example.com')?.subject).toMatch(/^Refund: UGX 20,000 from /);

    const rest = await refund(id, '20,000');
    expect(rest.statusCode).toBe(201);
    // The rest is pending: nothing is left, though not yet refunded in full (decision 073).
    expect(answer(await refund(id, 1))).toEqual([400, R.pendingCoversRest]);
    await runWorker();
    const done = await detail(id);
    expect(done).toMatchObject({ amount_refunded: 40_000, refundable: 0, refund_blocked: R.refundedInFull });
    // The whole amount went back from the wallet; the fee was never the merchant's to return.
    expect(await balance()).toBe(start - 40_000);
    expect(fee).toBeGreaterThan(0);

    const statement = (await get(t, alice, '/api/wallet/statement')).json().data.items;
    expect(
      statement.filter((line: { description: string }) => line.description === 'Refund to Okello John (+256 772 123 456)'),
    ).toHaveLength(2);
    const transfers = (await get(t, alice, '/api/settlements?kind=refund')).json().data.items;
    expect(transfers[0]).toMatchObject({ kind: 'refund', counterparty: '+256 772 123 456', status: 'successful' });
  });

  it('refuses more than is left, a payment that did not succeed, another account’s payment, and a spent PIN', async () => {
    const id = await paid(10_000);
    expect(answer(await refund(id, 10_001))).toEqual([400, R.moreThanLeft(10_000)]);
    expect(answer(await refund(id, 0))).toEqual([400, R.amountInvalid]);
    expect(answer(await refund(id, 100, { reason: '  ' }))).toEqual([400, R.reasonMissing]);

    const link = await createPaymentLink(t, alice, { title: 'Pending', fixed_amount: false });
    const pending = await payId(t, link.ref, { amount: 5000 });
    expect(answer(await refund(pending, 100))).toEqual([400, R.notSuccessful]);

    const bobs = await paid(5000, '0772123456', bob);
    expect(answer(await refund(bobs, 100))).toEqual([404, COLLECTION_MESSAGES.collectionNotFound]);
    expect(answer(await refund('not-an-id', 100))).toEqual([404, COLLECTION_MESSAGES.collectionNotFound]);

    const token = await pinToken(t, alice);
    expect((await refund(id, 100, { token })).statusCode).toBe(201);
    expect(answer(await refund(id, 100, { token }))).toEqual([400, WALLET_MESSAGES.pinTokenInvalid]);
  });

  it('refuses a refund the balance cannot cover, moving nothing', async () => {
    const id = await paid(10_000);
    const start = await balance();
    // Pay the wallet almost empty: what is left cannot cover the refund.
    await t.database.db
      .updateTable('collections')
      .set({ amount: String(start + 10_000) })
      .where('id', '=', id)
      .execute();
    expect(answer(await refund(id, start + 5000))).toEqual([400, R.balanceTooLow]);
    expect(await balance()).toBe(start);
    await t.database.db.updateTable('collections').set({ amount: '10000' }).where('id', '=', id).execute();
  });

  it('returns the hold when the provider fails the refund, and the amount can be refunded again', async () => {
    // The simulator fails a payout to a number ending in 0001.
    const id = await paid(8000, '0772120001');
    await runWorker();
    const start = await balance();
    const failing = await refund(id, 8000);
    expect(failing.statusCode).toBe(201);
    expect(await balance()).toBe(start - 8000);
    await runWorker();
    expect(await balance()).toBe(start);
    const after = await detail(id);
    expect(after).toMatchObject({ amount_refunded: 0, refundable: 8000 });
    expect(after.refunds[0]).toMatchObject({ status: 'failed', failure_reason: WALLET_MESSAGES.simulatedPayoutFailure });
    const failed = await events('refund.failed');
    expect(failed.map((event) => (event.payload as { id: string }).id)).toContain(failing.json().data.id);
  });

  it('refunds a test card payment through the simulator, to the card', async () => {
    const link = await createPaymentLink(t, alice, { title: 'Card shoes', fixed_amount: false });
    const id = await payId(t, link.ref, {
      amount: 7000,
      channel: 'CARD',
      phone: undefined,
      email: 'card.payer@example.com',
      card_number: SIMULATOR.successCard,
      card_expiry: '12/30',
      card_cvc: '123',
    });
    await t.app.services.payments.settle(id, { status: 'successful', message: null });
    expect(await detail(id)).toMatchObject({ refundable: 7000, refund_blocked: null });
    const made = await refund(id, 7000);
    expect(made.statusCode).toBe(201);
    await runWorker();
    expect((await detail(id)).refunds[0]).toMatchObject({ status: 'successful', amount: 7000 });
    const rows = (await get(t, alice, '/api/settlements?kind=refund')).json().data.items;
    expect(rows.find((row: { id: string }) => row.id === made.json().data.id)).toMatchObject({ counterparty: R.toCard });
  });

  it('replays a retry with the same key and refuses the key with another amount', async () => {
    const id = await paid(6000);
    const key = `refund-${randomUUID()}`;
    const first = await refund(id, 1000, { key });
    const again = await refund(id, 1000, { key });
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await refund(id, 2000, { key })).statusCode).toBe(409);
    expect((await detail(id)).amount_refund_pending).toBe(1000);
  });

  it('of refunds of the whole amount at once, one wins', async () => {
    const id = await paid(12_000);
    const start = await balance();
    const tokens = await Promise.all([1, 2, 3, 4].map(() => pinToken(t, alice)));
    const answers = await Promise.all(tokens.map((token) => refund(id, 12_000, { token })));
    expect(answers.map((res) => answer(res)).sort()).toEqual([
      [201, R.started],
      [400, R.pendingCoversRest],
      [400, R.pendingCoversRest],
      [400, R.pendingCoversRest],
    ]);
    expect(await balance()).toBe(start - 12_000);
    expect((await detail(id)).refunds).toHaveLength(1);
  });
});

describe('/refunds', () => {
  let key: string;
  beforeAll(async () => {
    key = (await apiKeysOf(t, alice)).test_key;
  });

  it('refunds what is left without an amount, answers the refund and the collection’s amount_refunded', async () => {
    const id = await paid(9000);
    const part = await v1(t, key, 'POST', '/refunds', { collection_id: id, amount: 4000, reason: 'Order <b>1001</b>' });
    expect(part.statusCode).toBe(201);
    expect(part.json().data).toMatchObject({ collection_id: id, amount: 4000, status: 'pending', reason: 'Order 1001' });
    const rest = await v1(t, key, 'POST', '/refunds', { collection_id: id });
    expect(rest.json().data).toMatchObject({ amount: 5000, reason: null });
    expect((await v1(t, key, 'GET', `/collections/${id}`)).json().data.amount_refunded).toBe(9000);
    await runWorker();
    const fetched = await v1(t, key, 'GET', `/refunds/${part.json().data.id}`);
    expect(fetched.json().data).toMatchObject({ id: part.json().data.id, status: 'successful' });
    expect((await v1(t, key, 'POST', '/refunds', { collection_id: id })).json()).toMatchObject({
      message: R.refundedInFull,
    });
  });

  it('finds nothing of another account, and no payout by a refund id', async () => {
    const bobKey = (await apiKeysOf(t, bob)).test_key;
    const id = await paid(3000);
    const refunded = (await v1(t, key, 'POST', '/refunds', { collection_id: id, amount: 1000 })).json().data.id;
    expect((await v1(t, bobKey, 'GET', `/refunds/${refunded}`)).json()).toMatchObject({
      code: 'not_found',
      message: MERCHANT_API_MESSAGES.refundNotFound,
    });
    expect((await v1(t, bobKey, 'POST', '/refunds', { collection_id: id })).statusCode).toBe(404);
    expect((await v1(t, key, 'GET', `/payouts/${refunded}`)).statusCode).toBe(404);
    expect((await v1(t, key, 'POST', '/refunds', { collection_id: id, amount: 'all' })).statusCode).toBe(400);
  });
});
