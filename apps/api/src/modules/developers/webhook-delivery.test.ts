import { WEBHOOK_DELIVERY_MESSAGES as M, WEBHOOK_API_VERSION, type WebhookEventBody } from '@sente/contracts/webhook-deliveries';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BACKOFF } from '../../lib/backoff.ts';
import { answer, post } from '../../testing/http.ts';
import { createPaymentLink, type Merchant, payId } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fundWallet, p2p, requestSettlement, saveBankDetails, setPin, WALLET_ENV } from '../../testing/transfers.ts';
import { createNamedMerchant } from '../../testing/transfers-more.ts';
import {
  type Arrival,
  makeDue,
  type Receiver,
  saveWebhookUrls,
  signingSecretOf,
  startAfresh,
  startReceiver,
  webhookEventsOf,
} from '../../testing/webhook-receiver.ts';
import { queueWebhookEvent } from './deliveries-repository.ts';

let t: TestApp;
let receiver: Receiver;
let merchant: Merchant;
let secret: string;

const deliverDue = () => t.app.services.webhookDeliveries.deliverDue();
const verify = (arrival: Arrival, key = secret) => new Webhook(key).verify(arrival.body, arrival.headers) as WebhookEventBody;

/** Waits into the next whole second, so that the next attempt's webhook-timestamp (in seconds) differs. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 10));

async function successfulCollection(who: Merchant, amount = 25_000): Promise<string> {
  const link = await createPaymentLink(t, who, { fixed_amount: false });
  const id = await payId(t, link.ref, { amount });
  await t.app.services.payments.settle(id, { status: 'successful', message: null });
  return id;
}

beforeAll(async () => {
  // The merchant's endpoint is on loopback here; the refusal of private addresses has its own tests.
  t = await createTestApp({ ...WALLET_ENV, ALLOW_PRIVATE_WEBHOOKS: 'true' });
  receiver = await startReceiver();
  merchant = await createNamedMerchant(t, 'Kampala Books', { firstname: 'Ada', lastname: 'Nakato' });
  await saveWebhookUrls(t, merchant, { collection_url: `${receiver.url}/collections`, payment_url: `${receiver.url}/payments` });
  secret = await signingSecretOf(t, merchant);
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});
beforeEach(() => startAfresh(t, receiver));

describe('webhook delivery', () => {
  it("POSTs a successful collection to the Collections URL, signed so that standardwebhooks' verify accepts it", async () => {
    const id = await successfulCollection(merchant);
    expect(await deliverDue()).toEqual({ attempted: 1, delivered: 1 });

    expect(receiver.arrivals).toHaveLength(1);
    const [arrival] = receiver.arrivals as [Arrival];
    expect(arrival.path).toBe('/collections');
    expect(arrival.headers['content-type']).toBe('application/json');
    expect(arrival.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(Math.abs(Number(arrival.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(5);
    const event = verify(arrival);
    expect(event).toEqual({
      id: arrival.headers['webhook-id'],
      type: 'collection.successful',
      environment: 'test',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      api_version: WEBHOOK_API_VERSION,
      data: expect.objectContaining({ id, status: 'successful', amount: 25_000, fee: 750, environment: 'test' }),
    });
    expect(() => verify(arrival, `whsec_${Buffer.alloc(32, 7).toString('base64')}`)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(secret).verify(arrival.body.replace('25000', '95000'), arrival.headers)).toThrow(
      WebhookVerificationError,
    );

    const [row] = (await webhookEventsOf(t, merchant.accountId)).filter((e) => e.id === event.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, last_response_code: 200, last_error: null });
    expect(row?.delivered_at).toBeInstanceOf(Date);
  });

  it('POSTs a failed collection to the Collections URL too', async () => {
    const link = await createPaymentLink(t, merchant);
    const id = await payId(t, link.ref);
    await t.app.services.payments.settle(id, { status: 'failed', message: 'Insufficient balance' });
    await deliverDue();
    const event = verify(receiver.arrivals[0]!);
    expect(event).toMatchObject({ type: 'collection.failed', data: { id, status: 'failed', message: 'Insufficient balance' } });
  });

  it('sends a receiver that fails twice the event three times: the same webhook-id, a fresh signature each time', async () => {
    receiver.answerWith((_arrival, index) => [500, 503, 200][index] ?? 200);
    await successfulCollection(merchant);

    const before = Date.now();
    await deliverDue();
    let [row] = (await webhookEventsOf(t, merchant.accountId)).slice(-1);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_response_code: 500, last_error: 'Answered 500' });
    // Not tried again at once: the next try waits for the backoff (up to 30 s after a first failure).
    expect(row!.next_attempt_at.getTime()).toBeGreaterThan(before);
    expect(row!.next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now() + BACKOFF.webhookDelivery.firstMs);
    expect(await deliverDue()).toEqual({ attempted: 0, delivered: 0 });

    await nextSecond();
    await makeDue(t);
    await deliverDue();
    [row] = (await webhookEventsOf(t, merchant.accountId)).slice(-1);
    expect(row).toMatchObject({ status: 'pending', attempts: 2, last_response_code: 503 });

    await nextSecond();
    await makeDue(t);
    await deliverDue();
    [row] = (await webhookEventsOf(t, merchant.accountId)).slice(-1);
    expect(row).toMatchObject({ status: 'delivered', attempts: 3, last_response_code: 200, last_error: null });

    expect(receiver.arrivals).toHaveLength(3);
    const ids = new Set(receiver.arrivals.map((arrival) => arrival.headers['webhook-id']));
    const signatures = new Set(receiver.arrivals.map((arrival) => arrival.headers['webhook-signature']));
    const timestamps = new Set(receiver.arrivals.map((arrival) => arrival.headers['webhook-timestamp']));
    expect([ids.size, signatures.size, timestamps.size]).toEqual([1, 3, 3]);
    expect(ids).toEqual(new Set([row!.id]));
    // The body is the same each time; each signature verifies with its own timestamp.
    expect(new Set(receiver.arrivals.map((arrival) => arrival.body)).size).toBe(1);
    for (const arrival of receiver.arrivals) expect(verify(arrival).id).toBe(row!.id);
  });

  it('counts a redirect as a failure and does not follow it', async () => {
    receiver.answerWith(() => 302);
    await successfulCollection(merchant);
    await deliverDue();
    expect(receiver.arrivals.map((arrival) => arrival.path)).toEqual(['/collections']);
    const [row] = (await webhookEventsOf(t, merchant.accountId)).slice(-1);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_response_code: 302, last_error: 'Answered 302' });
  });

  it('keeps an event of an account without a URL as skipped (No URL), tried once and not retried', async () => {
    const plain = await createNamedMerchant(t, 'Gulu Traders', { firstname: 'Okot', lastname: 'Opio' });
    await successfulCollection(plain);
    expect(await deliverDue()).toEqual({ attempted: 1, delivered: 0 });
    expect(await deliverDue()).toEqual({ attempted: 0, delivered: 0 });
    expect(await webhookEventsOf(t, plain.accountId)).toEqual([
      expect.objectContaining({
        event: 'collection.successful',
        status: 'skipped',
        attempts: 1,
        last_error: M.noUrlSet('Collections'),
      }),
    ]);
    expect(receiver.arrivals).toEqual([]);
  });

  it("signs with the account's new encryption key once new keys are generated", async () => {
    const res = await post(t, merchant, '/api/keys/generate');
    expect(res.statusCode).toBe(200);
    const renewed = res.json().data.encryption_key as string;
    await successfulCollection(merchant);
    await deliverDue();
    expect(verify(receiver.arrivals[0]!, renewed).type).toBe('collection.successful');
    expect(() => verify(receiver.arrivals[0]!)).toThrow(WebhookVerificationError);
    secret = renewed;
  });

  it('goes on with the other events when one of them cannot be attempted, and retries that one', async () => {
    const broken = await createNamedMerchant(t, 'Mbale Coffee', { firstname: 'Sarah', lastname: 'Atim' });
    // Written straight into the table: no URL that saving accepts fails to parse.
    await t.database.db
      .insertInto('webhooks')
      .values({ account_id: broken.accountId, collection_url: 'not a url', payment_url: null })
      .execute();
    await successfulCollection(broken);
    await successfulCollection(merchant);
    expect(await deliverDue()).toEqual({ attempted: 2, delivered: 1 });
    expect(receiver.arrivals).toHaveLength(1);
    expect(await webhookEventsOf(t, broken.accountId)).toEqual([
      expect.objectContaining({ status: 'pending', attempts: 1, last_error: M.notDelivered }),
    ]);
  });
});

describe('transfers, settlements and payouts go to the Payments URL', () => {
  it('sends a wallet transfer to both accounts, and a settlement as it is asked for and paid', async () => {
    const other = await createNamedMerchant(t, 'Jinja Fabrics', { firstname: 'Grace', lastname: 'Namutebi' });
    await saveWebhookUrls(t, other, { payment_url: `${receiver.url}/other-payments` });
    await fundWallet(t, merchant, 200_000);
    await Promise.all([setPin(t, merchant), saveBankDetails(t, merchant)]);
    await deliverDue();
    receiver.arrivals.length = 0;

    const transfer = (await p2p(t, merchant, other, 10_000, { reason: 'Stock' })).json().data;
    const settlement = (await requestSettlement(t, merchant, 20_000)).json().data;
    await deliverDue();
    expect(await t.app.services.transfers.approveSettlement(settlement.id)).toBe(true);
    await deliverDue();

    const otherSecret = await signingSecretOf(t, other);
    const received = receiver.arrivals.map((arrival) => ({
      path: arrival.path,
      event: verify(arrival, arrival.path === '/other-payments' ? otherSecret : secret),
    }));
    const summary = received.map(({ path, event }) => [path, event.type, (event.data as { id: string }).id]);
    expect(summary).toEqual(
      expect.arrayContaining([
        ['/payments', 'transfer.successful', transfer.id],
        ['/other-payments', 'transfer.successful', transfer.id],
        ['/payments', 'settlement.pending', settlement.id],
        ['/payments', 'settlement.successful', settlement.id],
      ]),
    );
    expect(summary).toHaveLength(4);
    const sent = received.find((r) => r.path === '/payments' && r.event.type === 'transfer.successful')!.event.data;
    const got = received.find((r) => r.path === '/other-payments')!.event.data;
    expect(sent).toMatchObject({
      direction: 'out',
      amount: 10_000,
      charge: 500,
      counterparty: expect.stringContaining('Jinja Fabrics'),
    });
    expect(got).toMatchObject({
      direction: 'in',
      amount: 10_000,
      charge: 0,
      counterparty: expect.stringContaining('Kampala Books'),
    });
  });
});

describe('GET /api/webhook/deliveries, Resend and Send test event', () => {
  const list = async (who: Merchant, cursor?: string) => {
    const url = cursor ? `/api/webhook/deliveries?cursor=${encodeURIComponent(cursor)}` : '/api/webhook/deliveries';
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${who.accessToken}` } });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  it("answers a 'Send test event' with a test.event for each URL that is set, delivered and verifiable", async () => {
    const res = await post(t, merchant, '/api/webhook/test-event');
    expect(answer(res)).toEqual([201, M.testEventQueued]);
    const queued = res.json().data;
    expect(queued.map((d: { destination: string }) => d.destination).sort()).toEqual(['collection_url', 'payment_url']);
    expect(queued[0]).toMatchObject({ type: 'test.event', status: 'pending', attempts: 0, last_response_code: null });

    await deliverDue();
    expect(receiver.arrivals.map((arrival) => arrival.path).sort()).toEqual(['/collections', '/payments']);
    for (const arrival of receiver.arrivals) {
      expect(verify(arrival)).toMatchObject({ type: 'test.event', environment: 'test', data: { message: M.testEventData } });
    }
    const { items } = await list(merchant);
    expect(items.filter((d: { type: string }) => d.type === 'test.event').slice(0, 2)).toEqual([
      expect.objectContaining({ status: 'delivered', attempts: 1, last_response_code: 200, next_attempt_at: null }),
      expect.objectContaining({ status: 'delivered', attempts: 1, last_response_code: 200, next_attempt_at: null }),
    ]);
  });

  it('refuses a test event, with what to do, when no URL is set; one URL gets one', async () => {
    const plain = await createNamedMerchant(t, 'Masaka Motors', { firstname: 'Paul', lastname: 'Kato' });
    expect(answer(await post(t, plain, '/api/webhook/test-event'))).toEqual([400, M.noUrlForTestEvent]);
    await saveWebhookUrls(t, plain, { payment_url: `${receiver.url}/only-payments` });
    const res = await post(t, plain, '/api/webhook/test-event');
    expect(res.json().data).toEqual([expect.objectContaining({ destination: 'payment_url', type: 'test.event' })]);
  });

  it('lists the deliveries newest first, 20 to a page, with keyset cursors', async () => {
    const shop = await createNamedMerchant(t, 'Lira Grains', { firstname: 'Joy', lastname: 'Akello' });
    await saveWebhookUrls(t, shop, { collection_url: `${receiver.url}/lira`, payment_url: `${receiver.url}/lira` });
    for (let i = 0; i < 12; i++) expect((await post(t, shop, '/api/webhook/test-event')).statusCode).toBe(201);
    const first = await list(shop);
    expect(first).toMatchObject({ totalItems: 24, totalPages: 2 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toEqual({
      id: expect.any(String),
      type: 'test.event',
      destination: expect.stringMatching(/^(collection|payment)_url$/),
      status: 'pending',
      attempts: 0,
      last_response_code: null,
      last_error: null,
      next_attempt_at: expect.any(String),
      delivered_at: null,
      created_at: expect.any(String),
    });
    const second = await list(shop, first.nextCursor);
    expect(second.items).toHaveLength(4);
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((d: { id: string }) => d.id)).size).toBe(24);
    const times = all.map((d: { created_at: string }) => d.created_at);
    expect(times).toEqual([...times].sort().reverse());
    // Another list's cursor is refused.
    const transfers = Buffer.from(JSON.stringify(['transfers', '2026-01-01 10:00:00+00', first.items[0].id])).toString(
      'base64url',
    );
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/webhook/deliveries?cursor=${transfers}`,
      headers: { authorization: `Bearer ${shop.accessToken}` },
    });
    expect(refused.statusCode).toBe(400);
    // Nothing of another account's is listed.
    expect((await list(merchant)).items.map((d: { id: string }) => d.id)).not.toContain(first.items[0].id);
  });

  it("lists a 'No URL' delivery only once its destination has a URL, with counts and cursors to match", async () => {
    const school = await createNamedMerchant(t, 'Mbale Parents School', { firstname: 'Sarah', lastname: 'Nabirye' });
    // 21 collections and, among them, 3 transfers: events while no URL is set, each kept as 'No URL' (skipped).
    for (let i = 0; i < 21; i++) {
      const queue = (type: 'collection.successful' | 'transfer.successful') =>
        queueWebhookEvent(t.database.db, { accountId: school.accountId, environment: 'test', type, data: { i } });
      await queue('collection.successful');
      if (i % 7 === 3) await queue('transfer.successful');
    }
    await deliverDue();
    const events = await webhookEventsOf(t, school.accountId);
    expect(events.map((event) => event.status)).toEqual(Array(24).fill('skipped'));

    // No URL at all: nothing was sent, and the log says nothing rather than 24 rows of 'No URL'.
    expect(await list(school)).toMatchObject({ items: [], totalItems: 0, totalPages: 0, nextCursor: null });

    // The Collections URL set: its 21 skipped events are listed, 20 and then 1, the transfers' still not.
    await saveWebhookUrls(t, school, { collection_url: `${receiver.url}/mbale`, payment_url: null });
    const first = await list(school);
    expect(first).toMatchObject({ totalItems: 21, totalPages: 2 });
    expect(first.items).toHaveLength(20);
    const second = await list(school, first.nextCursor);
    expect(second).toMatchObject({ totalItems: 21, nextCursor: null });
    const listed = [...first.items, ...second.items] as { id: string; destination: string; status: string }[];
    const collections = events.filter((event) => event.destination === 'collection_url').map((event) => event.id);
    expect(listed.map((delivery) => delivery.id).sort()).toEqual([...collections].sort());
    expect(new Set(listed.map((delivery) => `${delivery.destination} ${delivery.status}`))).toEqual(
      new Set(['collection_url skipped']),
    );

    // Both set: every delivery is listed.
    await saveWebhookUrls(t, school, { collection_url: `${receiver.url}/mbale`, payment_url: `${receiver.url}/mbale` });
    expect(await list(school)).toMatchObject({ totalItems: 24, totalPages: 2 });
  });

  it("sends a delivery again on Resend, with the same webhook-id; another account's delivery is not found", async () => {
    await successfulCollection(merchant);
    await deliverDue();
    const [first] = receiver.arrivals as [Arrival];
    const id = first.headers['webhook-id']!;

    const res = await post(t, merchant, `/api/webhook/deliveries/${id}/resend`);
    expect(answer(res)).toEqual([200, M.deliveryQueued]);
    expect(res.json().data).toMatchObject({ id, status: 'pending', attempts: 1 });
    await deliverDue();
    expect(receiver.arrivals.map((arrival) => arrival.headers['webhook-id'])).toEqual([id, id]);
    expect(verify(receiver.arrivals[1]!).id).toBe(id);
    expect((await webhookEventsOf(t, merchant.accountId)).find((e) => e.id === id)).toMatchObject({
      status: 'delivered',
      attempts: 2,
    });

    const stranger = await createNamedMerchant(t, 'Fort Portal Tea', { firstname: 'Ruth', lastname: 'Kemigisa' });
    expect(answer(await post(t, stranger, `/api/webhook/deliveries/${id}/resend`))).toEqual([404, M.deliveryNotFound]);
    expect(answer(await post(t, merchant, '/api/webhook/deliveries/not-an-id/resend'))).toEqual([404, M.deliveryNotFound]);
    await deliverDue();
    expect(receiver.arrivals).toHaveLength(2);
  });
});
