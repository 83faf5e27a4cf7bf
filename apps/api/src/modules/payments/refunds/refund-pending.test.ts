/**
 * Decision 073: a refund counts as refunded only once it is paid. Held for a second member's approval (decision 067),
 * or sent and not yet confirmed, it is "refund pending" on the payment (its view, the list and its filter, the
 * spreadsheet, the receipt page and PDF, /v1), its customer and the reports keep what was paid; declined, nothing
 * changed; approved and paid, it is refunded and the totals come down once, however often the provider reports it.
 */
import { randomUUID } from 'node:crypto';
import { paymentState } from '@sente/contracts/payment-states';
import type { CollectionRow } from '@sente/contracts/payments';
import { REFUND_MESSAGES as R } from '@sente/contracts/refunds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post } from '../../../testing/http.ts';
import { apiKeysOf, v1 } from '../../../testing/merchant-api.ts';
import { createPaymentLink, expectLedgerHolds, type Merchant, payId } from '../../../testing/payments.ts';
import { pdfText } from '../../../testing/pdf-text.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { fundWallet, pinToken, setPin, WALLET_ENV } from '../../../testing/transfers.ts';
import { createAlice, createMember, readWorkbook } from '../../../testing/transfers-more.ts';

const THRESHOLD = 200_000;
const AMOUNT = 450_000;
const PHONE = '0772731731';

let t: TestApp;
/** The owner: refunds her payers. */
let alice: Merchant;
/** An administrator of Alice's account: approves or declines her refunds. */
let admin: Merchant;
let secretKey: string;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  alice = await createAlice(t);
  admin = await createMember(t, alice, 'administrator', { firstname: 'Peter', lastname: 'Mukasa' });
  await setPin(t, admin);
  await fundWallet(t, alice, 1_000_000);
  secretKey = (await apiKeysOf(t, alice)).test_key;
  const rules = await post(t, alice, '/api/payout-rules', {
    per_payout_cap: null,
    daily_cap: null,
    member_daily_cap: null,
    approval_threshold: THRESHOLD,
  });
  expect(rules.statusCode).toBe(200);
});
afterAll(async () => {
  await expectLedgerHolds(t);
  await t?.close();
});

async function paid(): Promise<string> {
  const link = await createPaymentLink(t, alice, { title: 'School fees', fixed_amount: false });
  const id = await payId(t, link.ref, { amount: AMOUNT, phone: PHONE });
  await t.app.services.payments.settle(id, { status: 'successful', message: null });
  return id;
}

const refund = async (id: string, amount = AMOUNT) =>
  post(
    t,
    alice,
    `/api/collections/${id}/refund`,
    { amount, reason: 'Left the school', pin_token: await pinToken(t, alice) },
    { 'idempotency-key': randomUUID() },
  );

const detail = async (id: string) => (await get(t, alice, `/api/collections/${id}`)).json().data;
const listed = async (id: string, query = ''): Promise<CollectionRow | undefined> =>
  ((await get(t, alice, `/api/collections?${query}`)).json().data.items as CollectionRow[]).find((row) => row.id === id);
const customer = async () =>
  (
    (await get(t, alice, '/api/customers')).json().data.items as { phone: string; total_paid: number; refund_pending: number }[]
  ).find((row) => row.phone === '256772731731');
const received = async () => (await get(t, alice, '/api/reports/dashboard-stats?period=7d')).json().data.total as number;
/** The last two cells of the payment's row in the spreadsheet, by their headers. */
async function exported(id: string) {
  const txId = (await detail(id)).transaction_id;
  const res = await get(t, alice, `/api/collections/download?q=${txId}`);
  const sheet = (await readWorkbook(res.rawPayload)).getWorksheet('Collections')!;
  const header = (sheet.getRow(1).values as unknown[]).slice(-2);
  const row = (sheet.getRow(2).values as unknown[]).slice(-2);
  return Object.fromEntries(header.map((name, i) => [name, row[i]]));
}
/** The receipt page's text and its PDF's, as the payer gets them. */
async function receipt(id: string) {
  const path = new URL((await detail(id)).receipt_url).pathname;
  const page = (await t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } })).body;
  const pdf = pdfText((await t.app.inject({ method: 'GET', url: `${path}?format=pdf` })).rawPayload).join('\n');
  const slip = (await t.app.inject({ method: 'GET', url: `${path}?layout=slip`, headers: { accept: 'text/html' } })).body;
  return { page, pdf, slip };
}
const approve = async (id: string) => post(t, admin, `/api/transfers/${id}/approve`, { pin_token: await pinToken(t, admin) });

describe('a full refund held for approval', () => {
  let id: string;
  let refundId: string;
  let before: number;

  beforeAll(async () => {
    id = await paid();
    before = await received();
    const res = await refund(id);
    expect(res.statusCode).toBe(201);
    refundId = res.json().data.id;
  });

  it('says it awaits approval, and the refund object says so too', async () => {
    const again = await get(t, alice, `/api/collections/${id}`);
    expect(again.json().data.refunds[0]).toMatchObject({ id: refundId, status: 'pending', awaiting_approval: true });
    const v1Refund = await v1(t, secretKey, 'GET', `/refunds/${refundId}`);
    expect(v1Refund.json().data).toMatchObject({ status: 'pending', awaiting_approval: true });
  });

  it('reads refund pending on the payment, the list and its filter, and counts nothing refunded', async () => {
    const payment = await detail(id);
    expect(payment).toMatchObject({
      status: 'successful',
      amount_refunded: 0,
      amount_refund_pending: AMOUNT,
      refundable: 0,
      refund_blocked: R.pendingCoversRest,
    });
    expect(paymentState(payment)).toBe('refund_pending');
    expect(await listed(id)).toMatchObject({ amount_refunded: 0, amount_refund_pending: AMOUNT });
    expect(await listed(id, 'status=refund_pending')).toBeDefined();
    expect(await listed(id, 'status=refunded')).toBeUndefined();
    expect(await listed(id, 'status=partly_refunded')).toBeUndefined();
  });

  it('leaves the customer and the reports as paid, the pending amount beside the customer', async () => {
    expect(await customer()).toMatchObject({ total_paid: AMOUNT, refund_pending: AMOUNT });
    expect(await received()).toBe(before);
  });

  it('adds the pending amount as the last column of the spreadsheets', async () => {
    expect(await exported(id)).toEqual({ Refunded: 0, 'Refund pending': AMOUNT });
    const customers = (await readWorkbook((await get(t, alice, '/api/customers/download?q=0772731731')).rawPayload)).getWorksheet(
      'Customers',
    )!;
    const header = customers.getRow(1).values as unknown[];
    const row = customers.getRow(2).values as unknown[];
    expect([header.at(-1), row[header.indexOf('Total paid')], row.at(-1)]).toEqual(['Refund pending', AMOUNT, AMOUNT]);
  });

  it('tells the payer on the receipt page, slip and PDF that the refund is pending, never refunded', async () => {
    const { page, pdf, slip } = await receipt(id);
    for (const html of [page, slip]) {
      expect(html).toMatch(/<th scope="row">Status<\/th><td>Refund pending<\/td>/);
      expect(html).toMatch(/<th scope="row">Refund pending<\/th><td>UGX 450,000 on .* EAT<\/td>/);
      expect(html).not.toContain('Refunded');
    }
    expect(pdf).toContain('Refund pending');
    expect(pdf).toContain('UGX 450,000 on');
    expect(pdf).not.toContain('Refunded');
  });

  it("answers /v1's collection with what is pending, amount_refunded keeping its meaning", async () => {
    const res = await v1(t, secretKey, 'GET', `/collections/${id}`);
    expect(res.json().data).toMatchObject({ status: 'successful', amount_refunded: AMOUNT, amount_refund_pending: AMOUNT });
  });

  it('declined, leaves the payment, its customer and the reports as they were', async () => {
    const declined = await post(t, admin, `/api/transfers/${refundId}/decline`, { reason: 'Not agreed' });
    expect(declined.statusCode).toBe(200);
    const payment = await detail(id);
    expect(payment).toMatchObject({ amount_refunded: 0, amount_refund_pending: 0, refundable: AMOUNT, refund_blocked: null });
    expect(paymentState(payment)).toBe('successful');
    expect(await listed(id, 'status=refund_pending')).toBeUndefined();
    expect(await customer()).toMatchObject({ total_paid: AMOUNT, refund_pending: 0 });
    expect(await received()).toBe(before);
    expect(await exported(id)).toEqual({ Refunded: 0, 'Refund pending': 0 });
    const { page } = await receipt(id);
    expect(page).toMatch(/<th scope="row">Status<\/th><td>Paid<\/td>/);
    expect(page).not.toContain('Refund');
    expect((await v1(t, secretKey, 'GET', `/collections/${id}`)).json().data).toMatchObject({
      amount_refunded: 0,
      amount_refund_pending: 0,
    });
  });

  it('approved and paid, is refunded, and the totals come down once however often the provider reports it', async () => {
    const again = await refund(id);
    expect(again.json()).toMatchObject({ message: R.awaitingApproval, data: { awaiting_approval: true } });
    const second = again.json().data.id as string;
    expect((await approve(second)).statusCode).toBe(200);
    // Approved, it is sent and not yet confirmed: still pending, no longer awaiting approval.
    expect((await detail(id)).refunds[0]).toMatchObject({ status: 'pending', awaiting_approval: false });
    expect(paymentState(await detail(id))).toBe('refund_pending');
    expect(await received()).toBe(before);

    const reports = await Promise.all([
      t.app.services.transfers.reportDisbursement(second, { paid: true }),
      t.app.services.transfers.reportDisbursement(second, { paid: true }),
    ]);
    expect(reports.filter(Boolean)).toHaveLength(1);
    await t.app.services.jobs.runDue({ now: new Date(Date.now() + 60_000) });

    const payment = await detail(id);
    expect(payment).toMatchObject({
      amount_refunded: AMOUNT,
      amount_refund_pending: 0,
      refundable: 0,
      refund_blocked: R.refundedInFull,
    });
    expect(paymentState(payment)).toBe('refunded');
    expect(await listed(id, 'status=refunded')).toBeDefined();
    expect(await customer()).toMatchObject({ total_paid: 0, refund_pending: 0 });
    expect(await received()).toBe(before - AMOUNT);
    expect(await exported(id)).toEqual({ Refunded: AMOUNT, 'Refund pending': 0 });
    const { page, pdf } = await receipt(id);
    expect(page).toMatch(/<th scope="row">Status<\/th><td>Refunded<\/td>/);
    expect(page).toMatch(/<th scope="row">Refunded<\/th><td>UGX 450,000 on .* EAT<\/td>/);
    expect(pdf).not.toContain('Refund pending');
    // The webhook bodies carry the refund object with what tells it was held: declined, then paid.
    const bodies = await t.database.db
      .selectFrom('webhook_events')
      .select(['event', 'payload'])
      .where('collection_id', '=', id)
      .where('event', 'in', ['refund.failed', 'refund.successful'])
      .execute();
    expect(bodies.map((body) => [body.event, body.payload])).toEqual(
      expect.arrayContaining([
        ['refund.failed', expect.objectContaining({ id: refundId, status: 'failed', awaiting_approval: false })],
        ['refund.successful', expect.objectContaining({ id: second, status: 'successful', awaiting_approval: false })],
      ]),
    );
    expect(bodies).toHaveLength(2);
    expect((await v1(t, secretKey, 'GET', `/collections/${id}`)).json().data).toMatchObject({
      amount_refunded: AMOUNT,
      amount_refund_pending: 0,
    });
  });
});

describe('refunds below the threshold', () => {
  it('are pending until the provider confirms; two at once are each counted once', async () => {
    const id = await paid();
    const before = await received();
    const answers = await Promise.all([refund(id, 100_000), refund(id, 150_000)]);
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201]);
    expect(answers.map((res) => res.json().message)).toEqual([R.started, R.started]);
    expect(await detail(id)).toMatchObject({ amount_refunded: 0, amount_refund_pending: 250_000, refundable: 200_000 });
    expect(await received()).toBe(before);

    await t.app.services.jobs.runDue({ now: new Date(Date.now() + 60_000) });
    const payment = await detail(id);
    expect(payment).toMatchObject({ amount_refunded: 250_000, amount_refund_pending: 0, refundable: 200_000 });
    expect(paymentState(payment)).toBe('partly_refunded');
    expect(await received()).toBe(before - 250_000);
  });
});
