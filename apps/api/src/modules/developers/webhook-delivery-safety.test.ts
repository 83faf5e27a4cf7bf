import { DEVELOPER_MESSAGES } from '@sente/contracts/developers';
import { WEBHOOK_DELIVERY_MESSAGES as M } from '@sente/contracts/webhook-deliveries';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import type { AddressLookup } from '../../lib/public-address.ts';
import { loadSecrets } from '../../lib/secrets.ts';
import type { Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createNamedMerchant } from '../../testing/transfers-more.ts';
import { type Receiver, signingSecretOf, startAfresh, startReceiver, webhookEventsOf } from '../../testing/webhook-receiver.ts';
import { queueWebhookEvent } from './deliveries-repository.ts';
import { createWebhookDeliveries } from './deliveries-service.ts';

let t: TestApp;
let receiver: Receiver;
let merchant: Merchant;

/** Points the account's Collections URL anywhere, straight in the table: saving would refuse these addresses. */
const pointAt = (url: string) =>
  t.database.db
    .insertInto('webhooks')
    .values({ account_id: merchant.accountId, collection_url: url, payment_url: null })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ collection_url: url }))
    .execute();

const queueCollectionEvent = () =>
  queueWebhookEvent(t.database.db, {
    accountId: merchant.accountId,
    environment: 'test',
    type: 'collection.successful',
    data: { id: 'c0ffee', amount: 5000 },
  });

const lastEvent = async () => (await webhookEventsOf(t, merchant.accountId)).at(-1)!;

/** A delivery service over the test app's database with its own resolver and settings, as the app would make it. */
const deliveriesWith = (options: { lookup?: AddressLookup; allowPrivate: boolean; timeoutMs?: number }) =>
  createWebhookDeliveries({
    db: t.database.db,
    secrets: loadSecrets(t.dataDir),
    logger: pino({ level: 'silent' }),
    allowPrivateWebhooks: options.allowPrivate,
    timeoutMs: options.timeoutMs ?? 10_000,
    batchSize: 50,
    ...(options.lookup ? { lookup: options.lookup } : {}),
  });

beforeAll(async () => {
  // Private addresses are NOT allowed here, as in production.
  t = await createTestApp();
  receiver = await startReceiver();
  merchant = await createNamedMerchant(t, 'Kampala Books', { firstname: 'Ada', lastname: 'Nakato' });
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});
beforeEach(() => startAfresh(t, receiver));

describe('a webhook URL that is not public is refused at delivery too', () => {
  const TARGETS = [
    ['127.0.0.1', () => `http://127.0.0.1:${receiver.port}/hook`, '127.0.0.1'],
    ['10.0.0.1', () => 'http://10.0.0.1/hook', '10.0.0.1'],
    ['::1', () => `http://[::1]:${receiver.port}/hook`, '[::1]'],
    ['169.254.169.254 (cloud metadata)', () => 'http://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['a name that resolves to loopback', () => `http://localhost:${receiver.port}/hook`, 'localhost'],
  ] as const;

  it.each(TARGETS)('%s: nothing is sent, and the attempt fails with why', async (_what, url, host) => {
    await pointAt(url());
    await queueCollectionEvent();
    expect(await t.app.services.webhookDeliveries.deliverDue()).toEqual({ attempted: 1, delivered: 0 });
    expect(receiver.arrivals).toEqual([]);
    expect(await lastEvent()).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_response_code: null,
      last_error: DEVELOPER_MESSAGES.addressNotPublic('Collections', host),
    });
  });

  it('refuses a name when any of its addresses is private, and connects only to the address it checked', async () => {
    const port = receiver.port;
    await pointAt(`http://hooks.kampala-books.example:${port}/hook`);

    // The name resolves to a public and a private address: refused, as at save.
    await queueCollectionEvent();
    const mixed = deliveriesWith({ allowPrivate: false, lookup: async () => ['8.8.8.8', '127.0.0.1'] });
    await mixed.deliverDue();
    expect(receiver.arrivals).toEqual([]);
    expect((await lastEvent()).last_error).toBe(
      DEVELOPER_MESSAGES.addressNotPublic('Collections', 'hooks.kampala-books.example'),
    );

    // Where private addresses are allowed, the connection goes to the address the check answered, not to a second
    // lookup of the name (which does not resolve at all outside this test's resolver).
    await queueCollectionEvent();
    const pinned = deliveriesWith({ allowPrivate: true, lookup: async () => ['127.0.0.1'] });
    expect(await pinned.deliverDue()).toEqual({ attempted: 1, delivered: 1 });
    expect(receiver.arrivals).toHaveLength(1);
    expect(receiver.arrivals[0]!.headers.host).toBe(`hooks.kampala-books.example:${port}`);
    const secret = await signingSecretOf(t, merchant);
    expect(new Webhook(secret).verify(receiver.arrivals[0]!.body, receiver.arrivals[0]!.headers)).toMatchObject({
      type: 'collection.successful',
    });
  });

  it('refuses a live event to an http URL (https only in live mode)', async () => {
    await pointAt('http://8.8.8.8/hook');
    await queueWebhookEvent(t.database.db, {
      accountId: merchant.accountId,
      environment: 'production',
      type: 'collection.successful',
      data: { id: 'live' },
    });
    await t.app.services.webhookDeliveries.deliverDue();
    expect((await lastEvent()).last_error).toBe(DEVELOPER_MESSAGES.httpsRequired('Collections'));
  });
});

describe('the receiver has WEBHOOK_TIMEOUT_MS to answer', () => {
  it('is 10 s unless set', () => {
    expect(loadConfig({}).WEBHOOK_TIMEOUT_MS).toBe(10_000);
    expect(loadConfig({ WEBHOOK_TIMEOUT_MS: '2500' }).WEBHOOK_TIMEOUT_MS).toBe(2500);
    expect(() => loadConfig({ WEBHOOK_TIMEOUT_MS: '0' })).toThrow('WEBHOOK_TIMEOUT_MS');
  });

  it('cuts off a receiver that hangs, and retries it later like any failure', async () => {
    await pointAt(`http://127.0.0.1:${receiver.port}/slow`);
    receiver.answerWith(() => 'hang');
    await queueCollectionEvent();
    const started = Date.now();
    expect(await deliveriesWith({ allowPrivate: true, timeoutMs: 300 }).deliverDue()).toEqual({ attempted: 1, delivered: 0 });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(290);
    expect(took).toBeLessThan(5000);
    expect(receiver.arrivals).toHaveLength(1);
    expect(await lastEvent()).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_response_code: null,
      last_error: M.timedOut(0.3),
    });
  });
});
