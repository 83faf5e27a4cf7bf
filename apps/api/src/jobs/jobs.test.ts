import { randomUUID } from 'node:crypto';
import { PAYMENT_MESSAGES } from '@sente/contracts/payments';
import { WALLET_MESSAGES } from '@sente/contracts/transfers';
import { type RawBuilder, sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFF, backoffMs } from '../lib/backoff.ts';
import {
  createMerchant,
  createPaymentLink,
  expectLedgerHolds,
  type Merchant,
  payId,
  paymentStatus,
  ugxBalances,
} from '../testing/payments.ts';
import { createReplica, createTestApp, type TestApp } from '../testing/test-app.ts';
import { fundWallet, WALLET_ENV } from '../testing/transfers.ts';
import { createJobs } from './jobs.ts';
import { lateCheckClaim, paymentClaim, payoutClaim, spentPinTokensPurge } from './jobs-repository.ts';
import { startWorker } from './worker.ts';

const EXPIRY_SECONDS = 600;
const PAYOUT = { amount: 1_000, charge: 1_000 };

let t: TestApp;
let merchant: Merchant;
let linkRef: string;

beforeAll(async () => {
  t = await createTestApp({
    ...WALLET_ENV,
    PAYMENT_EXPIRY_SECONDS: String(EXPIRY_SECONDS),
    FEE_PAYOUT_FLAT: String(PAYOUT.charge),
  });
  merchant = await createMerchant(t, 'Worker Shop');
  linkRef = (await createPaymentLink(t, merchant, { amount: 10_000 })).ref;
  await fundWallet(t, merchant, 1_000_000);
});
afterAll(() => t?.close());

const later = (ms: number, from = new Date()) => new Date(from.getTime() + ms);
const time = (at: Date | string | null) => (at === null ? null : new Date(at).getTime());
const none = { settled: 0, expired: 0, checked: 0, failed: 0, handedOver: 0, mismatched: 0 };

const collection = (id: string) =>
  t.database.db
    .selectFrom('collections')
    .select(['status', 'status_message', 'worker_attempts', 'worker_next_attempt_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const transfer = (id: string) =>
  t.database.db
    .selectFrom('transfers')
    .select(['status', 'failure_reason', 'worker_attempts', 'worker_next_attempt_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** A test payout asked for with the API key (no PIN), to a number whose ending tells the simulator what to do. */
async function payout(msisdn: string): Promise<string> {
  const scope = { kind: 'apiKey' as const, keyId: 'key_jobs', accountId: merchant.accountId, environment: 'test' as const };
  const { row } = await t.app.services.transfers.payoutWithApiKey(
    scope,
    { amount: PAYOUT.amount, msisdn, reason: 'Supplier' },
    randomUUID(),
  );
  return row.id;
}

/** The app's own jobs, except that applying a row in `poisoned` throws; small batches, and its error log kept. */
function poisonableJobs() {
  const poisoned = new Set<string>();
  const lines: string[] = [];
  const refuse = (id: string) => {
    if (poisoned.has(id)) throw new Error(`row ${id} is poisoned`);
  };
  const jobs = createJobs({
    db: t.database.db,
    settlePayment: async (id, outcome) => {
      refuse(id);
      return t.app.services.payments.settle(id, outcome);
    },
    reportDisbursement: async (id, outcome) => {
      refuse(id);
      return t.app.services.transfers.reportDisbursement(id, outcome);
    },
    handOverPayment: t.app.services.payments.handOver,
    handOverPayout: t.app.services.transfers.handOverPayout,
    recordStep: t.app.services.payments.recordProviderStep,
    providers: t.app.services.providers,
    pollAfterMs: 30_000,
    logger: pino({ level: 'error' }, { write: (line: string) => lines.push(line) }),
    batchSize: 2,
  });
  return { jobs, poisoned, logged: () => lines.map((line) => JSON.parse(line)) };
}

describe('row isolation', () => {
  it('settles the other due payments in the same pass when one throws, and retries that one later with backoff', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await payId(t, linkRef));
    const [stuck] = ids as [string];
    const { jobs, poisoned, logged } = poisonableJobs();
    poisoned.add(stuck);

    // The poisoned row is the first due, in the first batch of two: the other four settle, over three batches.
    const now = later(1_000);
    expect((await jobs.runDue({ now })).payments).toEqual({ ...none, settled: 4, failed: 1 });
    for (const id of ids.slice(1)) expect((await collection(id)).status).toBe('successful');
    const deferred = await collection(stuck);
    expect(deferred).toMatchObject({ status: 'pending', worker_attempts: 1 });
    expect(time(deferred.worker_next_attempt_at)).toBe(now.getTime() + BACKOFF.workerRetry.firstMs);
    expect(logged()).toContainEqual(expect.objectContaining({ collectionId: stuck, attempts: 1 }));

    // Not taken again before its wait is over; failing again doubles the wait.
    expect((await jobs.runDue({ now: later(BACKOFF.workerRetry.firstMs - 1, now) })).payments).toEqual(none);
    const second = later(BACKOFF.workerRetry.firstMs, now);
    expect((await jobs.runDue({ now: second })).payments).toEqual({ ...none, failed: 1 });
    const again = await collection(stuck);
    expect(again.worker_attempts).toBe(2);
    expect(time(again.worker_next_attempt_at)).toBe(second.getTime() + 2 * BACKOFF.workerRetry.firstMs);

    // Mended: it settles on its next turn, once.
    poisoned.clear();
    expect((await jobs.runDue({ now: later(2 * BACKOFF.workerRetry.firstMs, second) })).payments).toEqual({
      ...none,
      settled: 1,
    });
    expect((await collection(stuck)).status).toBe('successful');
    await expectLedgerHolds(t);
  });

  it('pays the other due payouts in the same pass when one throws, and pays that one once it can', async () => {
    const ids = [await payout('0772123456'), await payout('0772123457'), await payout('0772123458')];
    const stuck = ids[1] as string;
    const { jobs, poisoned, logged } = poisonableJobs();
    poisoned.add(stuck);

    const now = later(1_000);
    expect((await jobs.runDue({ now })).payouts).toEqual({ ...none, settled: 2, failed: 1 });
    expect((await transfer(ids[0] as string)).status).toBe('successful');
    expect((await transfer(ids[2] as string)).status).toBe('successful');
    expect(await transfer(stuck)).toMatchObject({ status: 'pending', worker_attempts: 1 });
    expect(logged()).toContainEqual(expect.objectContaining({ transferId: stuck, attempts: 1 }));

    poisoned.clear();
    expect((await jobs.runDue({ now: later(BACKOFF.workerRetry.firstMs, now) })).payouts).toEqual({ ...none, settled: 1 });
    expect((await transfer(stuck)).status).toBe('successful');
    await expectLedgerHolds(t);
  });

  it('waits 5 s after the first failure, doubling up to 15 minutes', () => {
    expect([1, 2, 3, 4].map((failures) => backoffMs(BACKOFF.workerRetry, failures))).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(backoffMs(BACKOFF.workerRetry, 9)).toBe(BACKOFF.workerRetry.capMs);
    expect(backoffMs(BACKOFF.workerRetry, 60)).toBe(BACKOFF.workerRetry.capMs);
  });
});

describe('expiry', () => {
  it('fails payments and returns payouts nobody confirmed once they expire, and fails payouts the simulator refuses', async () => {
    const before = (await ugxBalances(t, merchant.accountId)).test;
    const pending = await payId(t, linkRef, { phone: '0772120002' });
    const staysPending = await payout('0772120002');
    const refused = await payout('0772120001');
    expect((await ugxBalances(t, merchant.accountId)).test).toBe(before - 2 * (PAYOUT.amount + PAYOUT.charge));

    const soon = await t.app.services.jobs.runDue({ now: later(1_000) });
    expect(soon).toMatchObject({ payments: none, payouts: { ...none, settled: 1 } });
    expect(await transfer(refused)).toMatchObject({ status: 'rejected', failure_reason: WALLET_MESSAGES.simulatedPayoutFailure });
    expect((await collection(pending)).status).toBe('pending');
    expect((await transfer(staysPending)).status).toBe('pending');

    const expired = await t.app.services.jobs.runDue({ now: later((EXPIRY_SECONDS + 1) * 1_000) });
    expect(expired).toMatchObject({ payments: { ...none, expired: 1 }, payouts: { ...none, expired: 1 } });
    expect(await collection(pending)).toMatchObject({ status: 'failed', status_message: PAYMENT_MESSAGES.expired });
    expect(await transfer(staysPending)).toMatchObject({ status: 'rejected', failure_reason: WALLET_MESSAGES.payoutExpired });
    // Both payouts' amounts and charges are back in the wallet.
    expect((await ugxBalances(t, merchant.accountId)).test).toBe(before);
    await expectLedgerHolds(t);
  });
});

describe('PIN tokens', () => {
  it('are purged a day after they were used or expired, a batch per pass', async () => {
    const now = new Date();
    const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);
    const tokens = {
      usedYesterday: { used_at: hours(-25), expires_at: hours(-24.95) },
      expiredYesterday: { used_at: null, expires_at: hours(-25) },
      usedToday: { used_at: hours(-1), expires_at: hours(-0.95) },
      expiredToday: { used_at: null, expires_at: hours(-23) },
      live: { used_at: null, expires_at: hours(0.05) },
    };
    await t.database.db
      .insertInto('pin_tokens')
      .values(
        Object.entries(tokens).map(([name, times]) => ({
          token_hash: name,
          account_id: merchant.accountId,
          user_id: merchant.userId,
          ...times,
        })),
      )
      .execute();
    const jobs = createJobs({
      db: t.database.db,
      settlePayment: t.app.services.payments.settle,
      reportDisbursement: t.app.services.transfers.reportDisbursement,
      handOverPayment: t.app.services.payments.handOver,
      handOverPayout: t.app.services.transfers.handOverPayout,
      recordStep: t.app.services.payments.recordProviderStep,
      providers: t.app.services.providers,
      pollAfterMs: 30_000,
      logger: pino({ level: 'silent' }),
      pinTokenBatchSize: 1,
    });
    const purged = [];
    for (let pass = 0; pass < 3; pass++) purged.push((await jobs.runDue({ now })).pinTokens.purged);
    expect(purged).toEqual([1, 1, 0]);
    const left = await t.database.db
      .selectFrom('pin_tokens')
      .select('token_hash')
      .where('token_hash', 'in', Object.keys(tokens))
      .orderBy('token_hash')
      .execute();
    expect(left.map((row) => row.token_hash)).toEqual(['expiredToday', 'live', 'usedToday']);
  });
});

describe('claims', () => {
  it('scan their partial indexes (migrations 021, 023 and 024)', async () => {
    const now = new Date();
    const plans = await t.database.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const plan = async (query: RawBuilder<unknown>) =>
        (await sql<Record<string, string>>`explain ${query}`.execute(trx)).rows.map((row) => Object.values(row)[0]).join('\n');
      return [
        await plan(paymentClaim(now, 100, later(60_000, now))),
        await plan(payoutClaim(now, 100, later(60_000, now))),
        await plan(spentPinTokensPurge(now, 1_000)),
        await plan(lateCheckClaim(now, 100, later(60_000, now))),
      ];
    });
    expect(plans[0]).toContain('collections_worker_due_idx');
    expect(plans[1]).toContain('transfers_worker_due_idx');
    expect(plans[2]).toContain('pin_tokens_spent_idx');
    expect(plans[3]).toContain('collections_late_check_idx');
  });
});

describe('the worker', () => {
  it('runs each schedule on its own interval, one run at a time; stop() aborts the running pass and waits for it', async () => {
    let quick = 0;
    let long = 0;
    let finished = false;
    let off = 0;
    const worker = startWorker(
      [
        { name: 'quick', everyMs: 10, run: async () => quick++ },
        {
          name: 'long',
          everyMs: 20,
          run: async (signal) => {
            long++;
            await new Promise((resolve) => signal.addEventListener('abort', resolve));
            await new Promise((resolve) => setTimeout(resolve, 30));
            finished = true;
          },
        },
        { name: 'off', everyMs: 0, run: async () => off++ },
      ],
      pino({ level: 'silent' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(quick).toBeGreaterThan(5);
    expect(long).toBe(1);
    await worker.stop();
    expect(finished).toBe(true);
    const stoppedAt = quick;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(quick).toBe(stoppedAt);
    expect(off).toBe(0);
  });

  it('settles a test payment by itself in a process whose PAYMENT_WORKER_INTERVAL_MS is set', async () => {
    const replica = await createReplica(t, { PAYMENT_WORKER_INTERVAL_MS: '20' });
    try {
      const id = await payId(replica, linkRef);
      await expect
        .poll(async () => (await paymentStatus(replica, id)).status, { timeout: 10_000, interval: 50 })
        .toBe('successful');
    } finally {
      await replica.close();
    }
  });
});
