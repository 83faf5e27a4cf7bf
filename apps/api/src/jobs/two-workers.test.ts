import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PAYMENT_MESSAGES } from '@sente/contracts/payments';
import { WALLET_MESSAGES } from '@sente/contracts/transfers';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/connect.ts';
import { loadSecrets } from '../lib/secrets.ts';
import { createMailerFromConfig, type Mailer } from '../mail/mailer.ts';
import { createServices, type Services } from '../services.ts';
import { createMerchant, createPaymentLink, type Merchant, payId } from '../testing/payments.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { testDatabaseKind } from '../testing/test-database.ts';
import { fundWallet, WALLET_ENV } from '../testing/transfers.ts';
import { createJobs } from './jobs.ts';

/**
 * 200 payments and 100 payouts are ten and five claims of a batch of 20 (batchSize below): two workers that start
 * together race for every claim, and each must win some (asserted below), so a row both claimed would show as applied
 * twice. Every outcome by number (phoneOf: succeeded, refused, never answered) is among them tens of times.
 */
const PAYMENTS = 200;
const PAYOUTS = 100;
const EXPIRY_SECONDS = 300;
const ENV = { ...WALLET_ENV, PAYMENT_EXPIRY_SECONDS: String(EXPIRY_SECONDS) };

/** What the simulator does with a number: its tenth ends 0001 (refused), 0002 (never answered), else it succeeds. */
const phoneOf = (i: number) => (i % 10 === 1 ? '0772120001' : i % 10 === 2 ? '0772120002' : `07721${String(30_000 + i)}`);

/** Runs `work` over 0..count-1, `inFlight` at a time. */
async function inBatches<T>(count: number, inFlight: number, work: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += inFlight) {
    const batch = Array.from({ length: Math.min(inFlight, count - start) }, (_, k) => work(start + k));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

// PGlite is one connection: two workers would only take turns there, so this proves nothing on it.
describe.skipIf(testDatabaseKind !== 'postgres')('two workers on one PostgreSQL', () => {
  let t: TestApp;
  let merchant: Merchant;
  /** The second process: its own pool on the same database, and its own services on it. */
  let second: { database: DatabaseHandle; services: Services; mailer: Mailer; dataDir: string };

  beforeAll(async () => {
    t = await createTestApp(ENV);
    merchant = await createMerchant(t, 'Busy Shop');
    await fundWallet(t, merchant, 2_000_000);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sente-second-worker-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...ENV });
    const logger = pino({ level: 'silent' });
    const database = await openDatabase(t.database.target);
    const mailer = createMailerFromConfig(config, logger);
    const services = createServices({ db: database.db, mailer, secrets: loadSecrets(dataDir, config), config, logger });
    second = { database, services, mailer, dataDir };
  }, 120_000);
  afterAll(async () => {
    if (second) {
      await second.database.close();
      second.mailer.close();
      fs.rmSync(second.dataDir, { recursive: true, force: true });
    }
    await t?.close();
  });

  it(`settle ${PAYMENTS} payments and ${PAYOUTS} payouts between them, each exactly once`, async () => {
    const link = await createPaymentLink(t, merchant, { amount: 5_000 });
    const payments = await inBatches(PAYMENTS, 25, (i) => payId(t, link.ref, { phone: phoneOf(i) }));
    const scope = {
      kind: 'apiKey' as const,
      keyId: 'key_two_workers',
      accountId: merchant.accountId,
      environment: 'test' as const,
    };
    const payouts = await inBatches(PAYOUTS, 20, async (i) => {
      const { row } = await t.app.services.transfers.payoutWithApiKey(
        scope,
        { amount: 1_000, msisdn: phoneOf(i), reason: 'Supplier' },
        randomUUID(),
      );
      return row.id;
    });

    // Each worker counts what it applies: a row claimed by both would be applied twice.
    const applied = new Map<string, string[]>();
    const count = (worker: string, id: string) => applied.set(id, [...(applied.get(id) ?? []), worker]);
    const workerOf = (name: string, services: Services, db: DatabaseHandle) =>
      createJobs({
        db: db.db,
        settlePayment: (id, outcome) => {
          count(name, id);
          return services.payments.settle(id, outcome);
        },
        reportDisbursement: (id, outcome) => {
          count(name, id);
          return services.transfers.reportDisbursement(id, outcome);
        },
        handOverPayment: services.payments.handOver,
        handOverPayout: services.transfers.handOverPayout,
        recordStep: services.payments.recordProviderStep,
        providers: services.providers,
        pollAfterMs: 30_000,
        logger: pino({ level: 'silent' }),
        batchSize: 20,
      });
    const first = workerOf('first', t.app.services, t.database);
    const other = workerOf('second', second.services, second.database);

    // Everything is due: the simulator's answers, and the expiry of what it never answers.
    const now = new Date(Date.now() + (EXPIRY_SECONDS + 1) * 1_000);
    const [a, b] = await Promise.all([first.runDue({ now }), other.runDue({ now })]);
    expect(a.payments.failed + b.payments.failed + a.payouts.failed + b.payouts.failed).toBe(0);

    const ids = [...payments, ...payouts];
    expect(applied.size).toBe(ids.length);
    expect(ids.filter((id) => applied.get(id)?.length !== 1)).toEqual([]);
    const byWorker = [...applied.values()].flat();
    expect(byWorker.filter((name) => name === 'first').length).toBeGreaterThan(0);
    expect(byWorker.filter((name) => name === 'second').length).toBeGreaterThan(0);
    expect(a.payments.settled + b.payments.settled + a.payments.expired + b.payments.expired).toBe(PAYMENTS);
    expect(a.payouts.settled + b.payouts.settled + a.payouts.expired + b.payouts.expired).toBe(PAYOUTS);

    // Every row has its outcome, by its number.
    const db = t.database.db;
    const collections = await db
      .selectFrom('collections')
      .select(['id', 'status', 'status_message'])
      .where('id', 'in', payments)
      .execute();
    const expectedPayment = (i: number) =>
      i % 10 === 1
        ? { status: 'failed', status_message: PAYMENT_MESSAGES.insufficientBalance }
        : i % 10 === 2
          ? { status: 'failed', status_message: PAYMENT_MESSAGES.expired }
          : { status: 'successful', status_message: null };
    const paymentsById = new Map(collections.map((row) => [row.id, row]));
    expect(payments.map((id) => paymentsById.get(id))).toEqual(payments.map((id, i) => ({ id, ...expectedPayment(i) })));
    const transfers = await db
      .selectFrom('transfers')
      .select(['id', 'status', 'failure_reason'])
      .where('id', 'in', payouts)
      .execute();
    const expectedPayout = (i: number) =>
      i % 10 === 1
        ? { status: 'rejected', failure_reason: WALLET_MESSAGES.simulatedPayoutFailure }
        : i % 10 === 2
          ? { status: 'rejected', failure_reason: WALLET_MESSAGES.payoutExpired }
          : { status: 'successful', failure_reason: null };
    const payoutsById = new Map(transfers.map((row) => [row.id, row]));
    expect(payouts.map((id) => payoutsById.get(id))).toEqual(payouts.map((id, i) => ({ id, ...expectedPayout(i) })));

    expect(await t.app.services.ledger.verify()).toEqual([]);
  }, 180_000);
});
