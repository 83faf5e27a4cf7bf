/**
 * Refunds where money is counted (decisions 057 and 073): what paid refunds take of a payment shows on its row,
 * filters the list, and comes off what its customer paid, the reports' figures and the spreadsheet's Refunded column; a
 * refund the provider fails changes none of it.
 */
import { randomUUID } from 'node:crypto';
import type { CollectionRow } from '@sente/contracts/payments';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../testing/http.ts';
import { createPaymentLink, expectLedgerHolds, type Merchant, payId } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { pinToken, WALLET_ENV } from '../../testing/transfers.ts';
import { createAliceAndBob, readWorkbook } from '../../testing/transfers-more.ts';

let t: TestApp;
let alice: Merchant;
let bob: Merchant;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  ({ alice, bob } = await createAliceAndBob(t));
});
afterAll(async () => {
  await expectLedgerHolds(t);
  await t?.close();
});

async function paid(amount: number, phone: string, merchant = alice): Promise<string> {
  const link = await createPaymentLink(t, merchant, { title: 'Uniforms', fixed_amount: false });
  const id = await payId(t, link.ref, { amount, phone });
  await t.app.services.payments.settle(id, { status: 'successful', message: null });
  return id;
}

async function refund(id: string, amount: number) {
  const res = await post(
    t,
    alice,
    `/api/collections/${id}/refund`,
    { amount, reason: 'Returned', pin_token: await pinToken(t, alice) },
    { 'idempotency-key': randomUUID() },
  );
  expect(res.statusCode).toBe(201);
}

const rows = async (query: string, who = alice): Promise<CollectionRow[]> =>
  (await get(t, who, `/api/collections?${query}`)).json().data.items;
const customerOf = async (phone: string) =>
  ((await get(t, alice, '/api/customers')).json().data.items as { phone: string; total_paid: number }[]).find(
    (customer) => customer.phone === phone,
  );
const received = async () => (await get(t, alice, '/api/reports/dashboard-stats?period=7d')).json().data.total as number;
const runWorker = () => t.app.services.jobs.runDue({ now: new Date(Date.now() + 60_000) });

describe('a refunded payment', () => {
  let part: string;
  let whole: string;
  let untouched: string;
  const phone = '256772400400';

  beforeAll(async () => {
    part = await paid(10_000, '0772400400');
    whole = await paid(6_000, '0772400400');
    untouched = await paid(4_000, '0772400400');
    const before = await received();
    await refund(part, 4_000);
    await refund(whole, 6_000);
    // Counted as refunded once the provider has paid them (decision 073).
    expect(await received()).toBe(before);
    await runWorker();
    expect(await received()).toBe(before - 10_000);
  });

  it('reads what refunds took of it, and the list filters it as refunded or partly refunded', async () => {
    const all = await rows('');
    expect(all.find((row) => row.id === part)).toMatchObject({ status: 'successful', amount_refunded: 4_000 });
    expect(all.find((row) => row.id === whole)).toMatchObject({ status: 'successful', amount_refunded: 6_000 });
    expect(all.find((row) => row.id === untouched)).toMatchObject({ amount_refunded: 0 });
    expect((await rows('status=partly_refunded')).map((row) => row.id)).toEqual([part]);
    expect((await rows('status=refunded')).map((row) => row.id)).toEqual([whole]);
    expect((await get(t, alice, '/api/collections?status=refunded')).json().data).toMatchObject({ totalItems: 1 });
    // The successful payments are every one that succeeded, refunded or not: the status in the data is unchanged.
    expect((await rows('status=successful')).map((row) => row.id)).toEqual(expect.arrayContaining([part, whole, untouched]));
    expect(await rows('status=refunded', bob)).toEqual([]);
    expect((await get(t, alice, '/api/collections?status=returned')).statusCode).toBe(400);
  });

  it('sums the filtered view beside its count, net of refunds, on the first page', async () => {
    const page = async (query: string) => (await get(t, alice, `/api/collections?${query}`)).json().data;
    expect(await page('q=0772400400')).toMatchObject({ totalItems: 3, received: [{ currency: 'UGX', amount: 20_000 - 10_000 }] });
    expect(await page('status=partly_refunded')).toMatchObject({ received: [{ currency: 'UGX', amount: 6_000 }] });
    expect(await page('status=failed')).toMatchObject({ received: [] });
    const { rows: all } = await sql<{ amount: string }>`select sum(amount - amount_refunded)::text as amount from collections
      where account_id = ${alice.accountId} and environment = 'test' and status = 'successful'`.execute(t.database.db);
    const first = await page('');
    expect(first.received).toEqual([{ currency: 'UGX', amount: Number(all[0]!.amount) }]);
    // A later page carries no sum: the first page's is the filter's.
    expect((await page(`cursor=${encodeURIComponent(first.lastCursor)}`)).received).toBeUndefined();
  });

  it('counts its customer net of refunds', async () => {
    expect(await customerOf(phone)).toMatchObject({ total_paid: 20_000 - 10_000 });
  });

  it('adds what was refunded as the last column of the spreadsheet', async () => {
    const res = await get(t, alice, '/api/collections/download?status=partly_refunded');
    const sheet = (await readWorkbook(res.rawPayload)).getWorksheet('Collections')!;
    const header = sheet.getRow(1).values as unknown[];
    expect(header.slice(-2)).toEqual(['Refunded', 'Refund pending']);
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2).values as unknown[];
    expect([row[header.indexOf('Amount')], row[header.indexOf('Status')], ...row.slice(-2)]).toEqual([
      10_000,
      'successful',
      4_000,
      0,
    ]);
  });
});

it('gives all of it back when the provider fails the refund', async () => {
  // The simulator fails a payout to a number ending in 0001.
  const id = await paid(8_000, '0772450001');
  await runWorker();
  const before = await received();
  await refund(id, 8_000);
  // Pending until the provider reports, it is not yet refunded (decision 073).
  expect((await rows('status=refund_pending')).map((row) => row.id)).toContain(id);
  expect((await rows('status=refunded')).map((row) => row.id)).not.toContain(id);
  expect(await customerOf('256772450001')).toMatchObject({ total_paid: 8_000 });
  expect(await received()).toBe(before);

  await runWorker();
  expect((await rows('status=refund_pending')).map((row) => row.id)).not.toContain(id);
  expect((await rows('')).find((row) => row.id === id)).toMatchObject({ amount_refunded: 0, amount_refund_pending: 0 });
  expect(await customerOf('256772450001')).toMatchObject({ total_paid: 8_000 });
  expect(await received()).toBe(before);
});
