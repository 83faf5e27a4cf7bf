/**
 * Migration 2026_11_28_036 (decision 057): before it, refunds were summed from their transfers when
 * read, and customers and the reports' roll-up counted gross. Run back down and up again on this file's own copy of
 * the database, it fills `amount_refunded` from the refunds that are pending or successful and takes them off the
 * customer and the roll-up, leaving what the refund's transactions keep.
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../db/migrations/2026_11_28_036_refunded_amounts.ts';
import { post } from '../../testing/http.ts';
import { createPaymentLink, type Merchant, payId } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { pinToken, WALLET_ENV } from '../../testing/transfers.ts';
import { createAlice } from '../../testing/transfers-more.ts';

let t: TestApp;
let alice: Merchant;
let db: Kysely<any>;
beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  alice = await createAlice(t);
  db = t.database.db as Kysely<any>;
});
afterAll(() => t?.close());

async function paidAndRefunded(amount: number, phone: string, refunded: number): Promise<string> {
  const link = await createPaymentLink(t, alice, { title: 'Books', fixed_amount: false });
  const id = await payId(t, link.ref, { amount, phone });
  await t.app.services.payments.settle(id, { status: 'successful', message: null });
  const res = await post(
    t,
    alice,
    `/api/collections/${id}/refund`,
    { amount: refunded, reason: 'Returned', pin_token: await pinToken(t, alice) },
    { 'idempotency-key': randomUUID() },
  );
  expect(res.statusCode).toBe(201);
  return id;
}

/** What is counted: each payment's refunded amount, the customers' totals and the roll-up's, as numbers. */
async function counted(ids: string[]) {
  const { rows: payments } = await sql<{ id: string; amount_refunded: string }>`select id, amount_refunded from collections
    where id in (${sql.join(ids)}) order by id`.execute(db);
  const { rows: customers } = await sql<{ total_paid: string }>`select total_paid from customers
    where account_id = ${alice.accountId} order by id`.execute(db);
  const { rows: days } = await sql<{ amount: string }>`select amount from collection_daily_totals
    where account_id = ${alice.accountId} order by day, channel, currency, environment`.execute(db);
  return {
    payments: payments.map((row) => [row.id, Number(row.amount_refunded)]),
    customers: customers.map((row) => Number(row.total_paid)),
    days: days.map((row) => Number(row.amount)),
  };
}

describe('migration 036: refunds where money is counted', () => {
  it('fills what is refunded of each payment and counts customers and the roll-up net, as the refunds keep them', async () => {
    const part = await paidAndRefunded(10_000, '0772510510', 4_000);
    // The simulator fails a refund to a number ending in 0001: its amount is refunded no more.
    const failed = await paidAndRefunded(7_000, '0772510001', 7_000);
    await t.app.services.jobs.runDue({ now: new Date(Date.now() + 60_000) });
    const kept = await counted([part, failed]);
    expect(kept.payments).toEqual(
      expect.arrayContaining([
        [part, 4_000],
        [failed, 0],
      ]),
    );

    await down(db);
    const { rows: gross } = await sql<{ total: string }>`select sum(total_paid)::text as total from customers
      where account_id = ${alice.accountId}`.execute(db);
    expect(Number(gross[0]!.total)).toBe(kept.customers.reduce((a, b) => a + b, 0) + 4_000);
    await up(db);

    expect(await counted([part, failed])).toEqual(kept);
  });
});
