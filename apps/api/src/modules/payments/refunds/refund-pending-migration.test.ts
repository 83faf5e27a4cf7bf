/**
 * Migration 2026_12_07_047 (decision 073): before it, a refund not paid yet counted as refunded on its payment, and came
 * off its customer's total and the reports' roll-up. Run back down and up again on this file's own copy of the
 * database, it moves each pending refund from `amount_refunded` to `amount_refund_pending`, gives it back to the
 * customer and the roll-up, and leaves what the refunds' transactions keep. The filter's index answers its query.
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../../db/migrations/2026_12_07_047_refund_pending.ts';
import { post } from '../../../testing/http.ts';
import { createPaymentLink, type Merchant, payId } from '../../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { pinToken, WALLET_ENV } from '../../../testing/transfers.ts';
import { createAlice } from '../../../testing/transfers-more.ts';

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

/** What is counted: each payment's refunded and pending amounts, the customers' totals and the roll-up's. */
async function counted(ids: string[]) {
  const { rows: payments } = await sql<{
    id: string;
    amount_refunded: string;
    amount_refund_pending: string;
  }>`select id, amount_refunded, amount_refund_pending from collections where id in (${sql.join(ids)}) order by id`.execute(db);
  const { rows: customers } = await sql<{ total_paid: string; refund_pending: string }>`select total_paid, refund_pending
    from customers where account_id = ${alice.accountId} order by id`.execute(db);
  const { rows: days } = await sql<{ amount: string }>`select amount from collection_daily_totals
    where account_id = ${alice.accountId} order by day, channel, currency, environment`.execute(db);
  return {
    payments: payments.map((row) => [row.id, Number(row.amount_refunded), Number(row.amount_refund_pending)]),
    customers: customers.map((row) => [Number(row.total_paid), Number(row.refund_pending)]),
    days: days.map((row) => Number(row.amount)),
  };
}

describe('migration 047: refunds pending until paid', () => {
  it('moves the pending refunds apart and gives them back to the customers and the roll-up', async () => {
    const paidBack = await paidAndRefunded(10_000, '0772520520', 4_000);
    // The simulator fails a refund to a number ending in 0001.
    const failed = await paidAndRefunded(7_000, '0772520001', 7_000);
    await t.app.services.jobs.runDue({ now: new Date(Date.now() + 60_000) });
    // Made after the worker's pass: still pending.
    const pending = await paidAndRefunded(9_000, '0772530530', 9_000);
    const ids = [paidBack, failed, pending];
    const kept = await counted(ids);
    expect(kept.payments).toEqual(
      expect.arrayContaining([
        [paidBack, 4_000, 0],
        [failed, 0, 0],
        [pending, 0, 9_000],
      ]),
    );
    expect(kept.customers).toEqual(
      expect.arrayContaining([
        [6_000, 0],
        [7_000, 0],
        [9_000, 9_000],
      ]),
    );

    await down(db);
    // As before it: the pending refund counted as refunded, off its customer's total.
    const { rows: before } = await sql<{ amount_refunded: string }>`select amount_refunded from collections
      where id = ${pending}`.execute(db);
    expect(Number(before[0]!.amount_refunded)).toBe(9_000);
    const { rows: gross } = await sql<{ total: string }>`select sum(total_paid)::text as total from customers
      where account_id = ${alice.accountId}`.execute(db);
    expect(Number(gross[0]!.total)).toBe(kept.customers.reduce((sum, [total]) => sum + total!, 0) - 9_000);
    await up(db);

    expect(await counted(ids)).toEqual(kept);
  });

  it("gives the filter a partial index whose predicate and order are the filter's query", async () => {
    // The index's definition, not a plan: on a table of a few payments, most of them refunded, the planner costs the
    // account's whole index the same as the partial one and may take either (a fresh-clone run on PostgreSQL did).
    const { rows } = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where tablename = 'collections' and indexname = 'collections_refund_pending_idx'`.execute(
      db,
    );
    expect(rows).toHaveLength(1);
    const definition = rows[0]!.indexdef.replace(/\s+/g, ' ');
    expect(definition).toMatch(/\(account_id, environment, created_at DESC, id DESC\)/);
    expect(definition).toMatch(/WHERE \(amount_refund_pending > 0/);
  });
});
