import { randomUUID } from 'node:crypto';
import { PAYMENT_MESSAGES as M, SIMULATOR } from '@sente/contracts/payments';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createMerchant,
  createPaymentLink,
  expectLedgerHolds,
  type Merchant,
  PAYMENTS_ENV,
  pay,
  payId,
  paymentStatus,
  ugxBalances,
} from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';

/** Net of a UGX 25,000 payment: the 3% collection fee is 750. */
const NET = 24_250;

let t: TestApp;
let merchant: Merchant;
let link: { id: string; ref: string };

beforeAll(async () => {
  t = await createTestApp(PAYMENTS_ENV);
  merchant = await createMerchant(t, 'Cancel Shop');
  link = await createPaymentLink(t, merchant, { amount: 25_000 });
});
afterAll(() => t.close());
afterEach(() => expectLedgerHolds(t));

const cancel = (id: string) => t.app.inject({ method: 'POST', url: `/api/public/payments/${id}/cancel` });
const row = (id: string) => t.database.db.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const movementsOf = (id: string) =>
  t.database.db.selectFrom('ledger_transactions').select('kind').where('reference_id', '=', id).execute();
const eventsOf = (id: string) =>
  t.database.db
    .selectFrom('webhook_events')
    .select('event')
    .where(({ eb }) => eb('payload', '@>', JSON.stringify({ id })))
    .execute();
const linkTotal = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('link_totals')
        .select('successful_total')
        .where('link_id', '=', link.id)
        .where('environment', '=', 'test')
        .executeTakeFirst()
    )?.successful_total ?? 0,
  );

describe('how long a pending payment waits', () => {
  it('says, on starting and on every status check, the seconds left before it expires (PAYMENT_EXPIRY_SECONDS)', async () => {
    const started = await pay(t, link.ref, { phone: `077200${SIMULATOR.stayPendingSuffix}` });
    expect(started.statusCode).toBe(201);
    expect(started.json().data).toMatchObject({ status: 'pending', expires_in_seconds: 600 });
    const status = await paymentStatus(t, started.json().data.id);
    expect(status.expires_in_seconds).toBeGreaterThan(595);
    expect(status.expires_in_seconds).toBeLessThanOrEqual(600);

    await t.database.db
      .updateTable('collections')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('id', '=', status.id)
      .execute();
    expect((await paymentStatus(t, status.id)).expires_in_seconds).toBe(0);
    await t.app.services.jobs.runDue();
    const expired = await paymentStatus(t, status.id);
    expect(expired).toMatchObject({ status: 'failed', message: M.expired });
    expect(expired).not.toHaveProperty('expires_in_seconds');
  });
});

describe('POST /api/public/payments/:id/cancel', () => {
  it('fails a pending payment at once, and the simulator due afterwards never settles it', async () => {
    const before = await ugxBalances(t, merchant.accountId);
    const totalBefore = await linkTotal();
    const id = await payId(t, link.ref);

    const res = await cancel(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toMatchObject({ id, status: 'failed', message: M.cancelled });
    expect(await paymentStatus(t, id)).toMatchObject({ status: 'failed', message: M.cancelled });

    // The simulator had decided 'successful', due now: the worker's pass changes nothing.
    expect((await row(id)).simulated_outcome).toBe('successful');
    expect((await t.app.services.jobs.runDue()).payments).toMatchObject({ settled: 0 });
    expect(await t.app.services.payments.settle(id, { status: 'successful', message: null })).toBeUndefined();
    expect(await paymentStatus(t, id)).toMatchObject({ status: 'failed', message: M.cancelled });
    expect(await ugxBalances(t, merchant.accountId)).toEqual(before);
    expect(await linkTotal()).toBe(totalBefore);
    expect(await movementsOf(id)).toEqual([]);
    expect((await row(id)).customer_id).toBeNull();
    expect(await eventsOf(id)).toEqual([{ event: 'collection.failed' }]);
  });

  it('answers a payment that already succeeded as successful and changes nothing, however often it is asked', async () => {
    const before = await ugxBalances(t, merchant.accountId);
    const id = await payId(t, link.ref);
    await t.app.services.jobs.runDue();
    for (let i = 0; i < 3; i++) {
      const res = await cancel(id);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id, status: 'successful', message: M.paymentSuccessful });
    }
    expect((await ugxBalances(t, merchant.accountId)).test).toBe(before.test + NET);
    expect(await eventsOf(id)).toEqual([{ event: 'collection.successful' }]);
  });

  it('leaves a failed payment with its own reason, and a second cancel answers the first', async () => {
    const failed = await payId(t, link.ref, { phone: `077200${SIMULATOR.failSuffix}` });
    await t.app.services.jobs.runDue();
    expect((await cancel(failed)).json().data).toMatchObject({ status: 'failed', message: M.insufficientBalance });

    const pending = await payId(t, link.ref, { phone: `077200${SIMULATOR.stayPendingSuffix}` });
    const [first, second] = [await cancel(pending), await cancel(pending)];
    expect(first.json().data).toEqual(second.json().data);
    expect(await eventsOf(pending)).toEqual([{ event: 'collection.failed' }]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-payment', 'x'.repeat(80)]) {
      const res = await cancel(id);
      expect([res.statusCode, res.json().message]).toEqual([404, M.paymentNotFound]);
    }
  });
});

describe('a cancel at the same moment as the outcome', () => {
  /**
   * Many payments, each cancelled while its success is reported (by the worker's pass or a provider's report) at the
   * same moment, in both orders. Whoever takes the row first wins: a cancel that answered 'failed' was never credited
   * and never will be, one that answered 'successful' was credited exactly once. On PostgreSQL the two really run side
   * by side on separate connections.
   */
  it('never credits a payment whose cancel answered failed, and credits the others exactly once', async () => {
    const before = await ugxBalances(t, merchant.accountId);
    const totalBefore = await linkTotal();
    const ids = await Promise.all(Array.from({ length: 24 }, () => payId(t, link.ref)));
    const report = (id: string, index: number) =>
      index % 3 === 0
        ? t.app.services.jobs.runDue()
        : t.app.services.payments.settle(id, { status: 'successful', message: null });
    const answers = await Promise.all(
      ids.map(async (id, index) => {
        // Half the cancels start first, half the reports.
        const reportFirst = index % 2 === 1 ? report(id, index) : null;
        const cancelled = cancel(id);
        await Promise.all([cancelled, reportFirst ?? report(id, index)]);
        const res = await cancelled;
        expect(res.statusCode).toBe(200);
        return res.json().data as { id: string; status: string; message: string };
      }),
    );
    // Whatever the worker's passes left pending settles now, as the next pass would.
    await t.app.services.jobs.runDue();

    let credited = 0;
    for (const answer of answers) {
      const stored = await row(answer.id);
      const movements = await movementsOf(answer.id);
      if (answer.status === 'failed') {
        expect(answer.message).toBe(M.cancelled);
        expect(stored).toMatchObject({ status: 'failed', status_message: M.cancelled, customer_id: null });
        expect(movements).toEqual([]);
        expect(await eventsOf(answer.id)).toEqual([{ event: 'collection.failed' }]);
      } else {
        expect(answer.status).toBe('successful');
        expect(stored.status).toBe('successful');
        expect(movements).toEqual([{ kind: 'collection' }]);
        expect(await eventsOf(answer.id)).toEqual([{ event: 'collection.successful' }]);
        credited += 1;
      }
    }
    expect((await ugxBalances(t, merchant.accountId)).test).toBe(before.test + credited * NET);
    expect(await linkTotal()).toBe(totalBefore + credited * 25_000);
  });

  /** Sessions of this file's database waiting for a row lock. */
  async function lockWaiters(): Promise<number> {
    const { rows } = await sql<{ waiting: string }>`
      select count(*) as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(t.database.db);
    return Number(rows[0]!.waiting);
  }

  /**
   * The same race in a fixed order: a transaction holds the payment's row while one side and then the other queue for
   * it, and PostgreSQL hands the row over in that order. PGlite has one connection, so this one runs on PostgreSQL.
   */
  it.runIf(testDatabaseKind === 'postgres')(
    'in either order, the side that takes the row first decides and the other changes nothing',
    async () => {
      for (const first of ['report', 'cancel'] as const) {
        const before = await ugxBalances(t, merchant.accountId);
        const id = await payId(t, link.ref);
        let cancelled: ReturnType<typeof cancel> | undefined;
        let reported: ReturnType<typeof t.app.services.payments.settle> | undefined;
        await t.database.db.transaction().execute(async (trx) => {
          await sql`select id from collections where id = ${id} for update`.execute(trx);
          const queue = async (side: 'report' | 'cancel', waiters: number) => {
            if (side === 'report') reported = t.app.services.payments.settle(id, { status: 'successful', message: null });
            else cancelled = cancel(id);
            await expect.poll(lockWaiters, { timeout: 10_000, interval: 20 }).toBe(waiters);
          };
          await queue(first, 1);
          await queue(first === 'report' ? 'cancel' : 'report', 2);
        });
        const [res, applied] = await Promise.all([cancelled!, reported!]);
        const credited = (await ugxBalances(t, merchant.accountId)).test - before.test;
        if (first === 'report') {
          expect(applied).toMatchObject({ id, status: 'successful' });
          expect(res.json().data).toMatchObject({ id, status: 'successful' });
          expect(credited).toBe(NET);
        } else {
          expect(applied).toBeUndefined();
          expect(res.json().data).toMatchObject({ id, status: 'failed', message: M.cancelled });
          expect(credited).toBe(0);
          expect(await movementsOf(id)).toEqual([]);
        }
      }
    },
  );
});
