/**
 * Decision 041: the row is the outbox. A live payout or payment is committed, then handed to its
 * provider; here the request dies between the two (its provider call never returns, nothing reached the provider), as
 * a replica killed with SIGKILL leaves it. The worker, or a retry with the same Idempotency-Key, hands it over, once.
 * The providers are the fake MTN and Airtel servers; the ledger is verified after every test.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_PAYOUT_REASON } from '@sente/contracts/merchant-api';
import { PAYMENT_MESSAGES as M } from '@sente/contracts/payments';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../config.ts';
import { type DatabaseHandle, openDatabase } from '../../../db/connect.ts';
import { HAND_OVER_GRACE_MS } from '../../../lib/hand-over.ts';
import { loadSecrets } from '../../../lib/secrets.ts';
import { createMailerFromConfig, type Mailer } from '../../../mail/mailer.ts';
import { createServices, type Services } from '../../../services.ts';
import type { FakeAirtel } from '../../../testing/fake-airtel.ts';
import type { FakeMtn } from '../../../testing/fake-mtn.ts';
import {
  AIRTEL_PHONE,
  AMOUNT,
  CREDIT,
  closeLiveRails,
  collectionRow,
  type LiveRails,
  liveUgx,
  MTN_PHONE,
  PAYOUT,
  secondsLater,
  startLiveRails,
  transferRow,
} from '../../../testing/live-rails.ts';
import { apiKeysOf, MERCHANT_API_ENV, v1 } from '../../../testing/merchant-api.ts';
import { expectLedgerHolds, type Merchant, pay, payId } from '../../../testing/payments.ts';
import type { TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKind } from '../../../testing/test-database.ts';

let rails: LiveRails;
let mtn: FakeMtn;
let airtel: FakeAirtel;
let t: TestApp;
let merchant: Merchant;
let liveKey: string;
let liveRef: string;
/** The app's settings: the fake providers, no worker of its own (the tests run its passes). */
let env: Record<string, string>;
/** Past it a payment is not handed over, and a payout still is. */
const EXPIRY_SECONDS = 600;

/** The payout and its default charge, held from the wallet. */
const HELD = PAYOUT + 1_000;

const collection = (id: string) => collectionRow(t, id);
const transfer = (id: string) => transferRow(t, id);
const liveBalance = () => liveUgx(t, merchant);

/** The POSTs MTN received with this X-Reference-Id: each one is a request to pay out or to charge the payer. */
const mtnSends = (referenceId: string) =>
  mtn.requests.filter((r) => r.method === 'POST' && r.headers['x-reference-id'] === referenceId).length;
/** The POSTs Airtel received for this transaction id. */
const airtelSends = (transactionId: string) =>
  airtel.requests.filter(
    (r) => r.method === 'POST' && (r.body as { transaction?: { id?: string } } | null)?.transaction?.id === transactionId,
  ).length;

/**
 * The next `method` call of the provider never returns, as if the process died there: after the row was committed,
 * before anything reached the provider. Answers once the request got that far; the call after it reaches the provider.
 */
function dieAtNextCall(provider: 'mtn_momo' | 'airtel_money', method: 'charge' | 'payout'): Promise<void> {
  const target = t.app.services.providers.named(provider);
  if (!target) throw new Error(`${provider} is not configured`);
  return new Promise((reached) => {
    vi.spyOn(target, method).mockImplementationOnce(() => {
      reached();
      return new Promise<never>(() => {});
    });
  });
}

/** POST /v1/payouts with the live key, as the merchant's server sends it (and sends it again after a lost answer). */
const postPayout = (key: string, phone = MTN_PHONE) =>
  v1(t, liveKey, 'POST', '/payouts', { amount: PAYOUT, phone }, { 'idempotency-key': key });

/** A live payout whose request died after the commit: held, pending, never handed over. Answers its id. */
async function strandedPayout(key = randomUUID(), phone = MTN_PHONE): Promise<string> {
  const died = dieAtNextCall(phone === MTN_PHONE ? 'mtn_momo' : 'airtel_money', 'payout');
  void postPayout(key, phone);
  await died;
  const row = await t.database.db
    .selectFrom('transfers')
    .selectAll()
    .where('idempotency_key', '=', key)
    .where('account_id', '=', merchant.accountId)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ status: 'pending', provider_reference: null });
  return row.id;
}

/** A live payment on the pay page whose request died after the commit. Answers its id. */
async function strandedPayment(key = randomUUID()): Promise<string> {
  const died = dieAtNextCall('mtn_momo', 'charge');
  void pay(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE }, key);
  await died;
  const row = await t.database.db
    .selectFrom('collections')
    .select(['id', 'status', 'provider_reference'])
    .where('idempotency_key', '=', key)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ status: 'pending', provider_reference: null });
  return row.id;
}

/** The row as it stands HAND_OVER_GRACE_MS after its request died: its request's hold on the hand-over has run out. */
async function graceRunOut(table: 'collections' | 'transfers', id: string) {
  const past = new Date(Date.now() - 1_000);
  await t.database.db.updateTable(table).set({ settle_at: past, worker_next_attempt_at: past }).where('id', '=', id).execute();
}

beforeAll(async () => {
  rails = await startLiveRails('Kampala Outbox Traders', {
    ...MERCHANT_API_ENV,
    PAYMENT_WORKER_INTERVAL_MS: '0',
    PAYMENT_EXPIRY_SECONDS: String(EXPIRY_SECONDS),
  });
  ({ mtn, airtel, t, merchant, liveRef, env } = rails);
  liveKey = (await apiKeysOf(t, merchant)).production_key;
  // The live wallet is funded the live way: collections MTN confirms.
  for (let i = 0; i < 4; i++) {
    const id = await payId(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE });
    await mtn.complete(id, 'SUCCESSFUL');
    await t.app.services.jobs.runDue({ now: secondsLater(31) });
    expect((await collection(id)).status).toBe('successful');
  }
});
afterAll(async () => {
  vi.restoreAllMocks();
  await closeLiveRails(rails);
});
afterEach(() => expectLedgerHolds(t));

describe('a payout whose request died after the commit', () => {
  it('is handed over by the worker once the grace runs out, exactly once, and then settles', async () => {
    const before = await liveBalance();
    const key = randomUUID();
    const id = await strandedPayout(key);
    expect(await liveBalance()).toBe(before - HELD);
    expect(mtnSends(id)).toBe(0);

    // The client's retry at once: its request still holds the hand-over, so the retry sends nothing itself.
    const retry = await postPayout(key);
    expect([retry.statusCode, retry.headers['idempotent-replayed'], retry.json().data.status]).toEqual([201, 'true', 'pending']);
    expect(mtnSends(id)).toBe(0);
    // Nor does the worker before the grace has run out.
    const early = await t.app.services.jobs.runDue({ now: secondsLater(HAND_OVER_GRACE_MS / 1000 - 5) });
    expect(mtnSends(id)).toBe(0);
    expect(early.payouts.handedOver).toBe(0);

    const pass = await t.app.services.jobs.runDue({ now: secondsLater(11) });
    expect(mtnSends(id)).toBe(1);
    expect(pass.payouts).toMatchObject({ handedOver: 1, failed: 0 });
    expect(mtn.records.get(id)?.body).toMatchObject({
      amount: String(PAYOUT),
      externalId: id,
      payee: { partyId: '256772123456' },
    });
    const handed = await transfer(id);
    expect(handed).toMatchObject({ status: 'pending', provider_reference: id, worker_next_attempt_at: null });
    // Then on the poll schedule: first asked PROVIDER_POLL_AFTER_SECONDS after the hand-over.
    expect(new Date(handed.settle_at ?? 0).getTime()).toBeGreaterThan(secondsLater(11 + 29).getTime());
    const again = await t.app.services.jobs.runDue({ now: secondsLater(12) });
    expect(mtnSends(id)).toBe(1);
    expect(again.payouts.handedOver).toBe(0);

    await mtn.complete(id, 'SUCCESSFUL');
    await t.app.services.jobs.runDue({ now: secondsLater(45) });
    expect(await transfer(id)).toMatchObject({ status: 'successful' });
    expect(mtnSends(id)).toBe(1);
    expect(await liveBalance()).toBe(before - HELD);
  });

  it('a retry with the same Idempotency-Key after the grace hands it over before answering, once', async () => {
    const before = await liveBalance();
    const key = randomUUID();
    const id = await strandedPayout(key);
    await graceRunOut('transfers', id);

    const retry = await postPayout(key);
    expect([retry.statusCode, retry.headers['idempotent-replayed'], retry.json().data]).toEqual([
      201,
      'true',
      expect.objectContaining({ id, status: 'pending' }),
    ]);
    expect(mtnSends(id)).toBe(1);
    expect(await transfer(id)).toMatchObject({ status: 'pending', provider_reference: id });
    // Another retry, and a worker pass: nothing more is sent.
    expect((await postPayout(key)).statusCode).toBe(201);
    await t.app.services.jobs.runDue({ now: secondsLater(11) });
    expect(mtnSends(id)).toBe(1);

    await mtn.complete(id, 'SUCCESSFUL');
    await t.app.services.jobs.runDue({ now: secondsLater(45) });
    expect(await transfer(id)).toMatchObject({ status: 'successful' });
    expect(await liveBalance()).toBe(before - HELD);
  });

  it('a retry whose hand-over the provider refuses answers the payout returned, with its money back', async () => {
    const before = await liveBalance();
    const key = randomUUID();
    const id = await strandedPayout(key);
    await graceRunOut('transfers', id);
    mtn.refuse('transfer', 'PAYEE_NOT_FOUND');

    const retry = await postPayout(key);
    expect([retry.statusCode, retry.json().data.status]).toEqual([201, 'rejected']);
    expect(await transfer(id)).toMatchObject({ status: 'rejected' });
    expect(await liveBalance()).toBe(before);
  });

  it('is handed over at any age: past its expiry it is sent, never returned unasked', async () => {
    const before = await liveBalance();
    const id = await strandedPayout(randomUUID(), AIRTEL_PHONE);
    const pass = await t.app.services.jobs.runDue({ now: secondsLater(EXPIRY_SECONDS + 1) });
    expect(airtelSends(id)).toBe(1);
    expect(pass.payouts.handedOver).toBe(1);
    expect(airtel.records.get(id)?.body).toMatchObject({ payee: { msisdn: '702123456' }, transaction: { id } });
    expect(await transfer(id)).toMatchObject({ status: 'pending', provider_reference: id });

    await airtel.complete(id, 'TS');
    await t.app.services.jobs.runDue({ now: secondsLater(EXPIRY_SECONDS + 100) });
    expect(await transfer(id)).toMatchObject({ status: 'successful' });
    expect(airtelSends(id)).toBe(1);
    expect(await liveBalance()).toBe(before - HELD);
  });

  it('two workers at once hand it over once', async () => {
    const id = await strandedPayout();
    const passes = await Promise.all([11, 11].map((seconds) => t.app.services.jobs.runDue({ now: secondsLater(seconds) })));
    expect(mtnSends(id)).toBe(1);
    expect(passes.map((pass) => pass.payouts.handedOver).sort()).toEqual([0, 1]);
    await mtn.complete(id, { reason: 'PAYEE_NOT_FOUND' });
    await t.app.services.jobs.runDue({ now: secondsLater(45) });
    expect(await transfer(id)).toMatchObject({ status: 'rejected' });
  });

  it('a worker and two retries at once hand it over once', async () => {
    const key = randomUUID();
    const id = await strandedPayout(key);
    await graceRunOut('transfers', id);
    const [pass, ...retries] = await Promise.all([
      t.app.services.jobs.runDue({ now: secondsLater(1) }),
      postPayout(key),
      postPayout(key),
    ]);
    expect(retries.map((retry) => retry.statusCode)).toEqual([201, 201]);
    expect(pass.payouts.failed).toBe(0);
    expect(mtnSends(id)).toBe(1);
    expect(await transfer(id)).toMatchObject({ status: 'pending', provider_reference: id });
    await mtn.complete(id, 'SUCCESSFUL');
    await t.app.services.jobs.runDue({ now: secondsLater(45) });
    expect(await transfer(id)).toMatchObject({ status: 'successful' });
  });
});

describe('a payment whose request died after the commit', () => {
  it('is handed over by the worker before its expiry, the payer asked once, and credited when MTN confirms', async () => {
    const before = await liveBalance();
    const id = await strandedPayment();
    expect(mtnSends(id)).toBe(0);

    const passes = await Promise.all([11, 11].map((seconds) => t.app.services.jobs.runDue({ now: secondsLater(seconds) })));
    expect(mtnSends(id)).toBe(1);
    expect(passes.map((pass) => pass.payments.handedOver).sort()).toEqual([0, 1]);
    expect(mtn.records.get(id)?.body).toMatchObject({ amount: String(AMOUNT), externalId: id });
    expect(await collection(id)).toMatchObject({ status: 'pending', provider_reference: id });

    await mtn.complete(id, 'SUCCESSFUL');
    await t.app.services.jobs.runDue({ now: secondsLater(45) });
    expect(await collection(id)).toMatchObject({ status: 'successful' });
    expect(mtnSends(id)).toBe(1);
    expect(await liveBalance()).toBe(before + CREDIT);
  });

  it('a retry on the pay page after the grace hands it over before answering', async () => {
    const key = randomUUID();
    const id = await strandedPayment(key);
    await graceRunOut('collections', id);
    const retry = await pay(t, liveRef, { channel: 'MTN_UG', phone: MTN_PHONE }, key);
    expect([retry.statusCode, retry.json().data]).toEqual([201, expect.objectContaining({ id, status: 'pending' })]);
    expect(mtnSends(id)).toBe(1);
    expect(await collection(id)).toMatchObject({ provider_reference: id });
    await mtn.complete(id, { reason: 'APPROVAL_REJECTED' });
    await t.app.services.jobs.runDue({ now: secondsLater(45) });
    expect(await collection(id)).toMatchObject({ status: 'failed', status_message: M.declinedOnPhone });
  });

  it('a /v1 collection retried after the grace is handed to Airtel with its own transaction id, once', async () => {
    const key = randomUUID();
    const died = dieAtNextCall('airtel_money', 'charge');
    const body = { amount: AMOUNT, phone: AIRTEL_PHONE, channel: 'AIRTEL' };
    void v1(t, liveKey, 'POST', '/collections', body, { 'idempotency-key': key });
    await died;
    const row = await t.database.db
      .selectFrom('collections')
      .selectAll()
      .where('idempotency_key', '=', key)
      .where('link_id', 'is', null)
      .executeTakeFirstOrThrow();
    await graceRunOut('collections', row.id);

    const retries = await Promise.all([1, 2].map(() => v1(t, liveKey, 'POST', '/collections', body, { 'idempotency-key': key })));
    expect(retries.map((retry) => [retry.statusCode, retry.json().data.id])).toEqual([
      [201, row.id],
      [201, row.id],
    ]);
    expect(airtelSends(row.transaction_id)).toBe(1);
    expect(airtel.records.get(row.transaction_id)?.body).toMatchObject({ subscriber: { msisdn: '702123456' } });
    await airtel.complete(row.transaction_id, { status: 'TF' });
    await t.app.services.jobs.runDue({ now: secondsLater(45) });
    expect(await collection(row.id)).toMatchObject({ status: 'failed' });
  });

  it('past its expiry it is not handed over: it fails as any expired payment does, nothing taken', async () => {
    const before = await liveBalance();
    const id = await strandedPayment();
    const pass = await t.app.services.jobs.runDue({ now: secondsLater(EXPIRY_SECONDS + 1) });
    expect(mtnSends(id)).toBe(0);
    expect(await collection(id)).toMatchObject({ status: 'failed', status_message: M.providerLost });
    expect(await liveBalance()).toBe(before);
    expect(pass.payments.handedOver).toBe(0);
  });

  it('a card payment left so fails as providerUnavailable: its card details lived only in its request', async () => {
    const id = await strandedPayment();
    // As a live card payment would be left, were a card acquirer live: the card number is never stored.
    await t.database.db.updateTable('collections').set({ channel: 'CARD', msisdn: null }).where('id', '=', id).execute();
    const pass = await t.app.services.jobs.runDue({ now: secondsLater(11) });
    expect(mtnSends(id)).toBe(0);
    expect(await collection(id)).toMatchObject({ status: 'failed', status_message: M.providerUnavailable });
    expect(pass.payments).toMatchObject({ handedOver: 0, settled: 1 });
  });
});

// PGlite is one connection: a second replica would only take turns with the first there.
describe.skipIf(testDatabaseKind !== 'postgres')('two replicas on one PostgreSQL', () => {
  /** The replica that lives: its own pool on the same database, its own services and worker. */
  let other: { database: DatabaseHandle; services: Services; mailer: Mailer; dataDir: string };

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sente-outbox-replica-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
    const logger = pino({ level: 'silent' });
    const database = await openDatabase(t.database.target);
    const mailer = createMailerFromConfig(config, logger);
    const services = createServices({ db: database.db, mailer, secrets: loadSecrets(dataDir, config), config, logger });
    other = { database, services, mailer, dataDir };
  }, 120_000);
  afterAll(async () => {
    if (!other) return;
    await other.database.close();
    other.mailer.close();
    fs.rmSync(other.dataDir, { recursive: true, force: true });
  });

  it("payouts whose replica died are handed over once each, by both replicas' workers and retries at once", async () => {
    const before = await liveBalance();
    const scope = {
      kind: 'apiKey' as const,
      keyId: 'key_outbox',
      accountId: merchant.accountId,
      environment: 'production' as const,
    };
    const keys = [randomUUID(), randomUUID(), randomUUID()];
    const ids: string[] = [];
    for (const key of keys) ids.push(await strandedPayout(key));
    for (const id of ids) await graceRunOut('transfers', id);

    // The dead replica's worker, the living one's, and each client's retry reaching the living replica, all at once.
    const retry = (key: string) =>
      other.services.transfers.payoutWithApiKey(
        scope,
        { amount: PAYOUT, msisdn: `256${MTN_PHONE.slice(1)}`, reason: DEFAULT_PAYOUT_REASON },
        key,
      );
    const [first, second, ...answers] = await Promise.all([
      t.app.services.jobs.runDue({ now: secondsLater(1) }),
      other.services.jobs.runDue({ now: secondsLater(1) }),
      ...keys.map(retry),
    ]);
    expect(ids.map(mtnSends)).toEqual([1, 1, 1]);
    expect(answers.map((answer) => [answer.replayed, answer.row.status])).toEqual(keys.map(() => [true, 'pending']));
    expect(first.payouts.failed + second.payouts.failed).toBe(0);
    for (const id of ids) expect(await transfer(id)).toMatchObject({ status: 'pending', provider_reference: id });

    for (const id of ids) await mtn.complete(id, 'SUCCESSFUL');
    await other.services.jobs.runDue({ now: secondsLater(45) });
    for (const id of ids) expect(await transfer(id)).toMatchObject({ status: 'successful' });
    expect(ids.map(mtnSends)).toEqual([1, 1, 1]);
    expect(await liveBalance()).toBe(before - 3 * HELD);
  });
});
