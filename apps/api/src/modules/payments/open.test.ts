/**
 * A payment opened from the dashboard. GET /api/collections/:id answers one collection of the account
 * in its active environment with its fee, net and timeline (written where each step happens: the pay page, the
 * provider's acceptance, the reconciler's status asks, callbacks, settle, the receipt; and read from its webhook
 * deliveries), and POST /api/collections/:id/resend-receipt sends its receipt again, at most once a minute. Live MTN
 * through the fake MTN; the ledger verifies after each test.
 */

import { COLLECTION_EVENT_LABELS } from '@sente/contracts/collection-events';
import { COLLECTION_MESSAGES as C } from '@sente/contracts/messages';
import { PAYMENT_MESSAGES } from '@sente/contracts/payments';
import type { CollectionDetail } from '@sente/contracts/payments-answers';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FakeMtn } from '../../testing/fake-mtn.ts';
import { answer, get, post } from '../../testing/http.ts';
import {
  AMOUNT,
  CREDIT,
  closeLiveRails,
  collectionRow,
  type LiveRails,
  liveUgx,
  MTN_PHONE,
  secondsLater,
  startLiveRails,
} from '../../testing/live-rails.ts';
import { readOutbox } from '../../testing/outbox.ts';
import { createMerchant, createPaymentLink, expectLedgerHolds, type Merchant, payId } from '../../testing/payments.ts';
import type { TestApp } from '../../testing/test-app.ts';
import { useEnvironment } from '../../testing/transfers-more.ts';
import { type Receiver, startReceiver } from '../../testing/webhook-receiver.ts';
import { RECEIPT_RESEND_SECONDS } from './timeline.ts';

let rails: LiveRails;
let mtn: FakeMtn;
let t: TestApp;
let merchant: Merchant;
let liveRef: string;
let receiver: Receiver;

const PAYER = 'okello@example.com';

const detail = async (id: string, who: Merchant = merchant) => {
  const res = await get(t, who, `/api/collections/${id}`);
  if (res.statusCode !== 200) throw new Error(`GET answered ${res.statusCode}: ${res.body}`);
  return res.json().data as CollectionDetail;
};
const kinds = (answer: CollectionDetail) => answer.timeline.map((event) => event.kind);
const resend = (id: string, who: Merchant = merchant) => post(t, who, `/api/collections/${id}/resend-receipt`);
const receiptsTo = (to: string) => readOutbox(t.outboxDir, to).filter((raw) => /^Subject: Receipt:/m.test(raw));
const recordedReceipts = (id: string) =>
  t.database.db
    .selectFrom('collection_events')
    .select(['detail', 'ok'])
    .where('collection_id', '=', id)
    .where('kind', '=', 'receipt_sent')
    .execute();
/** As if the payment's receipts had gone out two minutes ago: past the resend limit. */
const ageReceipts = (id: string) =>
  t.database.db
    .updateTable('collection_events')
    .set((eb) => ({ created_at: eb.val(new Date(Date.now() - 2 * 60_000)) }))
    .where('collection_id', '=', id)
    .where('kind', '=', 'receipt_sent')
    .execute();

/** MTN's callback for a payment, as it arrives; then the confirmation it started has ended. */
async function mtnCallback(id: string) {
  const path = new URL(mtn.records.get(id)?.callbackUrl ?? '').pathname;
  const res = await t.app.inject({ method: 'PUT', url: path, payload: { externalId: id, status: 'SUCCESSFUL' } });
  await t.app.services.providerCallbacks.idle();
  expect(res.statusCode).toBe(200);
}

/** A live MTN payment with the payer's e-mail, asked about once while pending, confirmed by MTN's callback. */
async function successfulPayment(email: string | null = PAYER) {
  const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE, ...(email ? { email } : {}) });
  await t.app.services.jobs.runDue({ now: secondsLater(31) });
  await mtn.complete(id, 'SUCCESSFUL');
  await mtnCallback(id);
  if (email) await expect.poll(async () => (await recordedReceipts(id)).length).toBe(1);
  return id;
}

beforeAll(async () => {
  receiver = await startReceiver();
  rails = await startLiveRails('Kampala Open Books', { ALLOW_PRIVATE_WEBHOOKS: 'true' });
  ({ mtn, t, merchant, liveRef } = rails);
  // Live mode takes only https URLs through the page; the merchant's endpoint is on loopback here.
  await t.database.db
    .insertInto('webhooks')
    .values({ account_id: merchant.accountId, collection_url: `${receiver.url}/collections`, payment_url: null })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ collection_url: `${receiver.url}/collections` }))
    .execute();
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await closeLiveRails(rails);
});
afterEach(() => expectLedgerHolds(t));

describe('GET /api/collections/:id', () => {
  it('answers a successful MTN payment with its fee, net and every step in order, its webhook delivery last', async () => {
    const before = await liveUgx(t, merchant);
    const id = await successfulPayment();
    // A live account's events go only to https URLs: this one's is refused, and the timeline says why.
    expect(await t.app.services.webhookDeliveries.deliverDue()).toEqual({ attempted: 1, delivered: 0 });
    const row = await collectionRow(t, id);
    const [delivery] = await t.database.db.selectFrom('webhook_events').selectAll().where('collection_id', '=', id).execute();
    expect(delivery).toMatchObject({ event: 'collection.successful', last_response_code: null });
    expect(delivery?.last_error).toBeTruthy();

    const opened = await detail(id);
    expect(opened).toMatchObject({
      id,
      status: 'successful',
      amount: AMOUNT,
      fee: AMOUNT - CREDIT,
      net: CREDIT,
      payer_email: PAYER,
      msisdn: '256772123456',
      collection_channel: 'MTN_UG',
      transaction_id: row.transaction_id,
      provider_reference: row.provider_reference,
      status_message: null,
      reference: null,
      completed_at: new Date(row.completed_at ?? '').toISOString(),
      can_resend_receipt: true,
      receipt_url: expect.stringMatching(/\/r\/[A-Za-z0-9_-]{22}$/),
    });
    // MTN's own transaction id, from its status answer; the prompt went with our reference (the collection's id).
    expect(opened.provider_reference).toMatch(/^\d+$/);
    expect(opened.timeline).toEqual([
      { at: expect.any(String), kind: 'created', detail: null, ok: null },
      { at: expect.any(String), kind: 'prompt_sent', detail: id, ok: null },
      { at: expect.any(String), kind: 'provider_answer', detail: 'pending', ok: null },
      { at: expect.any(String), kind: 'callback', detail: 'successful', ok: true },
      { at: expect.any(String), kind: 'settled', detail: null, ok: true },
      { at: expect.any(String), kind: 'receipt_sent', detail: PAYER, ok: true },
      {
        at: expect.any(String),
        kind: 'webhook_delivery',
        detail: `collection.successful to ${receiver.url}/collections : ${delivery?.last_error}`,
        ok: false,
      },
    ]);
    const times = opened.timeline.map((event) => event.at);
    expect(times).toEqual([...times].sort());
    expect(opened.timeline[0]?.at).toBe(opened.created_at);
    // Every kind the timeline answers has its label for the dashboard.
    for (const kind of kinds(opened)) expect(COLLECTION_EVENT_LABELS[kind]).toBeTruthy();
    // The steps changed nothing of the money: the merchant is credited once, less the fee.
    expect((await liveUgx(t, merchant)) - before).toBe(CREDIT);
  });

  it("answers a test payment's webhook delivered with the endpoint's HTTP status", async () => {
    await useEnvironment(t, merchant, 'test');
    try {
      const id = await payId(t, (await createPaymentLink(t, merchant, { amount: 1_000 })).ref, { email: PAYER });
      await t.app.services.jobs.runDue();
      await expect.poll(async () => (await recordedReceipts(id)).length).toBe(1);
      expect(await t.app.services.webhookDeliveries.deliverDue()).toEqual({ attempted: 1, delivered: 1 });
      const opened = await detail(id);
      expect(kinds(opened)).toEqual(['created', 'prompt_sent', 'settled', 'receipt_sent', 'webhook_delivery']);
      expect(opened.timeline.at(-1)).toMatchObject({
        detail: `collection.successful to ${receiver.url}/collections : HTTP 200`,
        ok: true,
      });
      expect(opened).toMatchObject({ amount: 1_000, fee: 30, net: 970 });
    } finally {
      await useEnvironment(t, merchant, 'production');
    }
  });

  it('answers a failed payment with its reason, where it failed and in the row, and no fee', async () => {
    const before = await liveUgx(t, merchant);
    const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE, email: PAYER });
    await mtn.complete(id, { reason: 'APPROVAL_REJECTED' });
    await t.app.services.jobs.runDue({ now: secondsLater(31) });

    const opened = await detail(id);
    const reason = (await collectionRow(t, id)).status_message;
    expect(reason).toBeTruthy();
    expect(opened).toMatchObject({ status: 'failed', fee: 0, net: AMOUNT, status_message: reason, can_resend_receipt: false });
    expect(kinds(opened)).toEqual(['created', 'prompt_sent', 'provider_answer', 'failed', 'webhook_delivery']);
    expect(opened.timeline[2]).toMatchObject({ detail: `failed: ${reason}`, ok: false });
    expect(opened.timeline[3]).toMatchObject({ kind: 'failed', detail: reason, ok: false });
    // Queued, not yet tried: when it was queued, with where it goes.
    expect(opened.timeline[4]).toMatchObject({ detail: `collection.failed to ${receiver.url}/collections`, ok: null });
    expect(await liveUgx(t, merchant)).toBe(before);
  });

  it('answers a payment made before its steps were recorded from its row: created, then its outcome', async () => {
    const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
    await t.app.services.payments.settle(id, { status: 'failed', message: PAYMENT_MESSAGES.expired });
    // What migration 033 found: no steps, and a webhook event that names no collection.
    await t.database.db.deleteFrom('collection_events').where('collection_id', '=', id).execute();
    await t.database.db.updateTable('webhook_events').set({ collection_id: null }).where('collection_id', '=', id).execute();
    const row = await collectionRow(t, id);

    expect((await detail(id)).timeline).toEqual([
      { at: new Date(row.created_at).toISOString(), kind: 'created', detail: null, ok: null },
      {
        at: new Date(row.completed_at ?? '').toISOString(),
        kind: 'failed',
        detail: PAYMENT_MESSAGES.expired,
        ok: false,
      },
    ]);
  });

  it("is 404 with a clear message for another account's payment, the other mode's, an unknown and a malformed id", async () => {
    const other = await createMerchant(t, 'Other Shop');
    const othersPayment = await payId(t, (await createPaymentLink(t, other, { amount: 1_000 })).ref);
    await useEnvironment(t, merchant, 'test');
    const testPayment = await payId(t, (await createPaymentLink(t, merchant, { amount: 1_000 })).ref);
    expect((await detail(testPayment)).id).toBe(testPayment);
    await useEnvironment(t, merchant, 'production');

    for (const id of [othersPayment, testPayment, '00000000-0000-4000-8000-000000000000', 'not-a-payment', '1%20or%201=1']) {
      expect(answer(await get(t, merchant, `/api/collections/${id}`))).toEqual([404, C.collectionNotFound]);
      expect(answer(await resend(id))).toEqual([404, C.collectionNotFound]);
    }
    expect((await detail(othersPayment, other)).id).toBe(othersPayment);
  });
});

describe('POST /api/collections/:id/resend-receipt', () => {
  it('sends the same receipt again to the payer, records it, and refuses another within the minute', async () => {
    const id = await successfulPayment('resend@example.com');
    expect(receiptsTo('resend@example.com')).toHaveLength(1);
    // The automatic receipt has just gone: the payer is not sent another at once.
    const tooSoon = await resend(id);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(
      /^A receipt of this payment was sent less than a minute ago\. Try again in \d+ seconds?\.$/,
    );
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(tooSoon.headers['retry-after'])).toBeLessThanOrEqual(RECEIPT_RESEND_SECONDS);

    await ageReceipts(id);
    expect(answer(await resend(id))).toEqual([200, C.receiptResent('resend@example.com')]);
    const receipts = receiptsTo('resend@example.com');
    expect(receipts).toHaveLength(2);
    expect(receipts[1]).toContain((await collectionRow(t, id)).transaction_id);
    expect(await recordedReceipts(id)).toEqual([
      { detail: 'resend@example.com', ok: true },
      { detail: 'resend@example.com', ok: true },
    ]);
    expect(kinds(await detail(id)).filter((kind) => kind === 'receipt_sent')).toHaveLength(2);

    // Two members at once: one is sent, the other refused.
    await ageReceipts(id);
    const both = await Promise.all([resend(id), resend(id)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 429]);
    expect(receiptsTo('resend@example.com')).toHaveLength(3);
  });

  it('refuses a payment that is not successful, and one whose payer gave no e-mail', async () => {
    const failed = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE, email: PAYER });
    await t.app.services.payments.settle(failed, { status: 'failed', message: PAYMENT_MESSAGES.cancelled });
    expect(answer(await resend(failed))).toEqual([400, C.receiptNotSuccessful]);

    const noEmail = await successfulPayment(null);
    expect((await detail(noEmail)).can_resend_receipt).toBe(false);
    expect(answer(await resend(noEmail))).toEqual([400, C.receiptNoEmail]);
    expect(await recordedReceipts(noEmail)).toEqual([]);
  });
});
