import type { ApiCollection, ApiPayout } from '@sente/contracts/merchant-api-objects';
import { PAYMENT_MESSAGES } from '@sente/contracts/payments';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeysOf, createCollection, MERCHANT_API_ENV, pollUntil, v1 } from '../../testing/merchant-api.ts';
import { createMerchant, expectLedgerHolds, type Merchant, ugxBalances } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { transferRow } from '../../testing/transfers.ts';
import { type Receiver, saveWebhookUrls, startReceiver } from '../../testing/webhook-receiver.ts';

let t: TestApp;
let merchant: Merchant;
let key: string;
/** The merchant's own server on loopback, taking the webhooks. */
let receiver: Receiver;
let signingSecret: string;

beforeAll(async () => {
  t = await createTestApp({ ...MERCHANT_API_ENV, ALLOW_PRIVATE_WEBHOOKS: 'true', WEBHOOK_WORKER_INTERVAL_MS: '25' });
  merchant = await createMerchant(t, 'Jinja Motors');
  const keys = await apiKeysOf(t, merchant);
  [key, signingSecret] = [keys.test_key, keys.encryption_key];
  receiver = await startReceiver();
  await saveWebhookUrls(t, merchant, { collection_url: `${receiver.url}/collections`, payment_url: `${receiver.url}/payments` });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

/** The webhook the merchant's server got about this object, verified as a receiver would with standardwebhooks. */
async function webhookAbout(id: string, type: string) {
  const about = (arrival: { body: string }) => arrival.body.includes(id) && arrival.body.includes(type);
  await expect.poll(() => receiver.arrivals.some(about), { timeout: 10_000 }).toBe(true);
  const arrival = receiver.arrivals.find(about)!;
  return { path: arrival.path, event: new Webhook(signingSecret).verify(arrival.body, arrival.headers) as object };
}

const balance = async () => (await v1(t, key, 'GET', '/balance')).json().data.available as number;
const settled = (object: { status: string }) => object.status !== 'pending';

describe('the merchant API with the simulator', () => {
  it('takes a collection: pending at once, successful when the simulator reports, the balance up by the amount less the fee', async () => {
    const before = await balance();
    const created = await createCollection(t, key, {
      amount: 50_000,
      phone: '0772 123 456',
      channel: 'MTN_UG',
      reference: 'INV-2026-001',
      customer_name: 'Okello John',
      metadata: { order: '1001', till: 'front' },
    });
    expect(created).toEqual({
      id: expect.any(String),
      status: 'pending',
      amount: 50_000,
      fee: 1500,
      currency: 'UGX',
      channel: 'MTN_UG',
      phone: '256772123456',
      customer_name: 'Okello John',
      reference: 'INV-2026-001',
      metadata: { order: '1001', till: 'front' },
      transaction_id: expect.stringMatching(/^SNT[A-Z2-9]{12}$/),
      failure_reason: null,
      amount_refunded: 0,
      amount_refund_pending: 0,
      email: null,
      extra_data: [],
      link: null,
      environment: 'test',
      created_at: expect.any(String),
      completed_at: null,
    });

    const done = await pollUntil<ApiCollection>(t, key, `/collections/${created.id}`, settled);
    expect(done).toMatchObject({ status: 'successful', failure_reason: null, completed_at: expect.any(String) });
    expect(await balance()).toBe(before + 50_000 - 1500);
    expect((await ugxBalances(t, merchant.accountId)).test).toBe(before + 48_500);

    // The same path as a pay page's payment: a customer, the dashboard's list, and the webhook event with the reference.
    const customers = await t.database.db
      .selectFrom('customers')
      .selectAll()
      .where('account_id', '=', merchant.accountId)
      .execute();
    expect(customers).toMatchObject([{ names: 'Okello John', phone: '256772123456', payments_count: 1 }]);

    // The merchant's server is told at its Collections URL, with its own reference and metadata, signed.
    const { path, event } = await webhookAbout(created.id, 'collection.successful');
    expect(path).toBe('/collections');
    expect(event).toMatchObject({
      type: 'collection.successful',
      data: { id: created.id, amount: 50_000, fee: 1500, reference: 'INV-2026-001', metadata: { order: '1001', till: 'front' } },
    });
    await expectLedgerHolds(t);
  });

  it('fails a collection the payer cannot pay, with the reason, and credits nothing', async () => {
    const before = await balance();
    const created = await createCollection(t, key, { amount: 7000, phone: '0701230001', channel: 'AIRTEL' });
    expect(created).toMatchObject({ status: 'pending', customer_name: '0701 230 001', reference: null, metadata: null });
    const done = await pollUntil<ApiCollection>(t, key, `/collections/${created.id}`, settled);
    expect(done).toMatchObject({ status: 'failed', failure_reason: PAYMENT_MESSAGES.insufficientBalance });
    expect(await balance()).toBe(before);
  });

  it('pays out from the balance with the charge, shown in the dashboard as made by the API key', async () => {
    const before = await balance();
    const res = await v1(t, key, 'POST', '/payouts', {
      amount: 20_000,
      phone: '+256 752 000 111',
      reason: 'Fish & chips <b>refund</b>',
    });
    expect(res.statusCode).toBe(201);
    const payout = res.json().data as ApiPayout;
    expect(payout).toEqual({
      id: expect.any(String),
      status: 'pending',
      amount: 20_000,
      charge: 1000,
      currency: 'UGX',
      phone: '256752000111',
      reason: 'Fish & chips refund',
      failure_reason: null,
      batch_id: null,
      environment: 'test',
      created_at: expect.any(String),
      completed_at: null,
    });
    expect(await balance()).toBe(before - 21_000);
    expect(await pollUntil<ApiPayout>(t, key, `/payouts/${payout.id}`, settled)).toMatchObject({ status: 'successful' });
    expect(await balance()).toBe(before - 21_000);
    expect((await webhookAbout(payout.id, 'payout.')).path).toBe('/payments');

    const row = await transferRow(t, merchant, payout.id);
    expect(row).toMatchObject({ kind: 'payout', amount: 20_000, charge: 1000, creator: { firstname: 'API', lastname: 'key' } });
    expect(row?.reason).toBe('Fish &amp; chips <b>refund</b>');
    await expectLedgerHolds(t);
  });

  it('returns a failed payout and its charge to the balance', async () => {
    const before = await balance();
    const res = await v1(t, key, 'POST', '/payouts', { amount: 3000, phone: '0772000001' });
    expect(res.json().data).toMatchObject({ status: 'pending', reason: 'Payout' });
    const done = await pollUntil<ApiPayout>(t, key, `/payouts/${res.json().data.id}`, settled);
    expect(done).toMatchObject({ status: 'rejected', failure_reason: expect.any(String), completed_at: expect.any(String) });
    expect(await balance()).toBe(before);
  });

  it('refuses a payout the balance cannot cover, moving nothing', async () => {
    const before = await balance();
    const res = await v1(t, key, 'POST', '/payouts', { amount: before, phone: '0772000111' });
    expect([res.statusCode, res.json().code]).toEqual([400, 'insufficient_balance']);
    expect(await balance()).toBe(before);
  });

  it('lists collections newest first, filtered by status, reference and dates, paged by cursor', async () => {
    for (let i = 0; i < 21; i++) {
      await createCollection(t, key, { amount: 1000 + i, phone: '0772000002', channel: 'MTN_UG', reference: 'BULK' });
    }
    const page = async (query: string) => {
      const res = await v1(t, key, 'GET', `/collections${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const first = await page('?reference=BULK');
    expect(first).toMatchObject({ totalItems: 21, totalPages: 2, nextCursor: expect.any(String) });
    expect(first.items.map((item: ApiCollection) => item.amount)).toEqual(Array.from({ length: 20 }, (_, i) => 1020 - i));
    const second = await page(`?reference=BULK&cursor=${first.nextCursor}`);
    expect([second.items.map((item: ApiCollection) => item.amount), second.nextCursor]).toEqual([[1000], null]);

    expect((await page('')).totalItems).toBe(23);
    expect((await page('?status=successful')).items.map((item: ApiCollection) => item.reference)).toEqual(['INV-2026-001']);
    expect((await page('?status=failed&reference=BULK')).totalItems).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await page(`?from=2020-01-01&to=${today}T23:59:59Z`)).totalItems).toBe(23);
    expect((await page('?to=2020-01-01')).totalItems).toBe(0);
    expect((await page(`?from=${new Date(Date.now() + 60_000).toISOString()}`)).items).toEqual([]);
  });
});
