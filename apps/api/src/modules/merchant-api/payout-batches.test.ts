/** Payout batches through /v1: an API key proposes, a member approves in the dashboard, the worker pays. */
import { randomUUID } from 'node:crypto';
import { MERCHANT_API_MESSAGES } from '@sente/contracts/merchant-api';
import { BATCH_API_MESSAGES as API } from '@sente/contracts/merchant-api-batches';
import { MESSAGES } from '@sente/contracts/messages';
import { BATCH_MESSAGES as M } from '@sente/contracts/payout-batches';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchCall, registeredName, runBatchWork } from '../../testing/batches.ts';
import { apiKeysOf, MERCHANT_API_ENV, v1 } from '../../testing/merchant-api.ts';
import { createMerchant, expectLedgerHolds, type Merchant, ugxBalances } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { fundWallet, pinToken, setPin, UNKNOWN_ID, WALLET_ENV } from '../../testing/transfers.ts';

let t: TestApp;
let merchant: Merchant;
let key: string;
/** Another account's key: it never sees the merchant's batches. */
let otherKey: string;

beforeAll(async () => {
  t = await createTestApp({ ...WALLET_ENV, ...MERCHANT_API_ENV, PAYMENT_WORKER_INTERVAL_MS: '0', SIMULATOR_DELAY_MS: '0' });
  const other = await createMerchant(t, 'Lira Grain');
  merchant = await createMerchant(t, 'Mbale Coffee Cooperative');
  [key, otherKey] = [(await apiKeysOf(t, merchant)).test_key, (await apiKeysOf(t, other)).test_key];
  await setPin(t, merchant);
  await fundWallet(t, merchant, 1_000_000);
}, 60_000);
afterAll(() => t?.close());

/** `count` good rows: MTN and Airtel numbers in turn, each with its own reference, named as the simulator registered them. */
const rows = (count: number, start = 0) =>
  Array.from({ length: count }, (_, index) => {
    const n = start + index;
    const phone = `${n % 2 === 0 ? '0772' : '0701'}${String(200000 + n).padStart(6, '0')}`;
    return { phone, amount: 1000 + n, name: registeredName(phone), reference: `R-${n}` };
  });
const propose = (body: object, idempotencyKey: string | null = randomUUID(), withKey = key) =>
  v1(t, withKey, 'POST', '/payout-batches', body, idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey });
const batchCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('payout_batches')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('account_id', '=', merchant.accountId)
        .executeTakeFirstOrThrow()
    ).n,
  );
/** The webhook events of this type queued for the merchant, their `data` as `payload`. */
const eventsOf = async (type: string) => {
  const events = await t.database.db
    .selectFrom('webhook_events')
    .select(['event', 'payload', 'destination'])
    .where('account_id', '=', merchant.accountId)
    .where('event', '=', type)
    .execute();
  return events.map((event) => ({ ...event, payload: event.payload as { id: string; batch_id?: string | null } }));
};

describe('POST /v1/payout-batches', () => {
  it('proposes a batch, submitted for a member to approve, and tells the Payments URL', async () => {
    const res = await propose({ reference: 'November salaries', rows: rows(3) });
    expect([res.statusCode, res.headers['idempotent-replayed']]).toEqual([201, 'false']);
    const batch = res.json().data;
    expect(batch).toMatchObject({
      reference: 'November salaries',
      status: 'submitted',
      currency: 'UGX',
      counts: { rows: 3, names_pending: 3, paid: 0, failed: 0 },
      totals: { amount: 3003, charges: 3000, paid_amount: 0, returned_amount: 0 },
      environment: 'test',
      approved_at: null,
    });
    expect(new Date(batch.expires_at).getTime() - new Date(batch.submitted_at).getTime()).toBe(72 * 3_600_000);
    const stored = await t.database.db
      .selectFrom('payout_batches')
      .select(['source', 'maker_id'])
      .where('id', '=', batch.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ source: 'api', maker_id: null });
    const submitted = (await eventsOf('payout_batch.submitted')).filter((event) => event.payload.id === batch.id);
    expect(submitted).toEqual([
      { event: 'payout_batch.submitted', destination: 'payment_url', payload: { ...batch, counts: expect.any(Object) } },
    ]);
  });

  it('requires an Idempotency-Key, replays the same request and refuses the key with another', async () => {
    const body = { reference: 'Casual labour', rows: rows(2, 10) };
    const missing = await propose(body, null);
    expect([missing.statusCode, missing.json().code, missing.json().message]).toEqual([
      400,
      'invalid_request',
      API.idempotencyKeyMissing,
    ]);
    const malformed = await propose(body, 'tab\there');
    expect([malformed.statusCode, malformed.json().message]).toEqual([400, MERCHANT_API_MESSAGES.idempotencyKeyInvalid]);
    const before = await batchCount();
    const idempotencyKey = randomUUID();
    const first = await propose(body, idempotencyKey);
    const again = await propose(body, idempotencyKey);
    expect([first.statusCode, again.statusCode, again.headers['idempotent-replayed']]).toEqual([201, 201, 'true']);
    expect(again.json().data).toEqual(first.json().data);
    const other = await propose({ ...body, reference: 'Casual labour 2' }, idempotencyKey);
    expect([other.statusCode, other.json()]).toEqual([
      409,
      { status: 'error', message: MESSAGES.idempotencyKeyMismatch, code: 'idempotency_key_reused' },
    ]);
    expect(await batchCount()).toBe(before + 1);
    const taken = await propose(body);
    expect([taken.statusCode, taken.json().message]).toEqual([400, M.referenceTaken]);
  });

  it('refuses the whole request when a row is in error, naming every error by row and field', async () => {
    const before = await batchCount();
    const bad = [
      ...rows(2, 20),
      { phone: '0712345678', amount: 5000, name: 'Wrong Network' },
      { phone: '0772555123', amount: 100, name: '  ', reference: 'R-20' },
    ];
    const res = await propose({ reference: 'With errors', rows: bad });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ status: 'error', code: 'invalid_request', message: API.rowsRefused(2) });
    expect(
      body.details.map(({ row, field, code }: { row: number; field: string; code: string }) => ({ row, field, code })),
    ).toEqual([
      { row: 3, field: 'phone', code: 'phone_invalid' },
      { row: 4, field: 'amount', code: 'amount_too_small' },
      { row: 4, field: 'name', code: 'name_missing' },
      { row: 4, field: 'reference', code: 'reference_duplicate' },
    ]);
    expect(body.errors[0]).toBe('Row 3, phone: Not an MTN or Airtel Uganda number.');
    // A value of the wrong type is the schema's, named by its row and field too.
    const typed = await propose({ reference: 'Typed', rows: [{ ...rows(1)[0], amount: 1000.5 }] });
    expect([typed.statusCode, typed.json().details]).toEqual([
      400,
      [{ row: 1, field: 'amount', code: 'invalid_type', message: API.amountInvalid }],
    ]);
    const many = await propose({ reference: 'Too many', rows: rows(1001) });
    expect([many.statusCode, many.json().message]).toEqual([400, API.rowsInvalid]);
    const none = await propose({ reference: 'None', rows: [] });
    expect([none.statusCode, none.json().message]).toEqual([400, API.rowsInvalid]);
    expect(await batchCount()).toBe(before);
  });
});

// PGlite is one connection: nothing would run at the same time there, so this proves nothing on it.
describe.skipIf(testDatabaseKind !== 'postgres')('ten proposals at once on PostgreSQL', () => {
  it('with one key make one batch, all ten answering it', async () => {
    const before = await batchCount();
    const idempotencyKey = randomUUID();
    const body = { reference: 'At once', rows: rows(2, 50) };
    const answers = await Promise.all(Array.from({ length: 10 }, () => propose(body, idempotencyKey)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((res) => res.json().data.id)).size).toBe(1);
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'false')).toHaveLength(1);
    expect(await batchCount()).toBe(before + 1);
  });

  it('with one reference and ten keys make one batch, the others told the reference is taken', async () => {
    const before = await batchCount();
    const body = { reference: 'One reference', rows: rows(1, 60) };
    const answers = await Promise.all(Array.from({ length: 10 }, () => propose(body)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, ...Array(9).fill(400)]);
    expect(answers.filter((res) => res.statusCode === 400).map((res) => res.json().message)).toEqual(
      Array(9).fill(M.referenceTaken),
    );
    expect(await batchCount()).toBe(before + 1);
  });
});

describe('GET /v1/payout-batches/{id} and its rows', () => {
  it("pages the rows in their order, and never shows another account's batch", async () => {
    const batch = (await propose({ reference: 'Twenty-five', rows: rows(25, 100) })).json().data;
    const first = (await v1(t, key, 'GET', `/payout-batches/${batch.id}/rows`)).json().data;
    expect([first.items.length, first.totalItems, first.totalPages]).toEqual([20, 25, 2]);
    expect(first.items[0]).toEqual({
      row: 1,
      phone: '256772200100',
      amount: 1100,
      name: registeredName('0772200100'),
      reference: 'R-100',
      narrative: '',
      name_check: 'pending',
      registered_name: null,
      status: 'draft',
      payout_id: null,
      provider_reference: null,
      failure_reason: null,
    });
    const second = (await v1(t, key, 'GET', `/payout-batches/${batch.id}/rows?cursor=${first.nextCursor}`)).json().data;
    expect([second.items.map((row: { row: number }) => row.row), second.nextCursor]).toEqual([[21, 22, 23, 24, 25], null]);

    const notFound = [API.batchNotFound, 'not_found'];
    for (const url of [`/payout-batches/${batch.id}`, `/payout-batches/${batch.id}/rows`]) {
      const res = await v1(t, otherKey, 'GET', url);
      expect([res.statusCode, res.json().message, res.json().code], url).toEqual([404, ...notFound]);
    }
    for (const url of [`/payout-batches/${UNKNOWN_ID}`, '/payout-batches/not-an-id']) {
      expect((await v1(t, key, 'GET', url)).statusCode, url).toBe(404);
    }
    const badCursor = await v1(t, key, 'GET', `/payout-batches/${batch.id}/rows?cursor=bm90LWEtY3Vyc29y`);
    expect([badCursor.statusCode, badCursor.json().code]).toEqual([400, 'invalid_request']);
  });
});

describe('approval by a person, and paying', () => {
  afterAll(() => expectLedgerHolds(t));

  it('cannot be approved with an API key: only a member in the dashboard approves, and the worker pays it', async () => {
    const batch = (await propose({ reference: 'Harvest', rows: rows(3, 200) })).json().data;
    await runBatchWork(t);
    expect((await v1(t, key, 'POST', `/payout-batches/${batch.id}/approve`, {})).statusCode).toBe(404);
    const withKey = await t.app.inject({
      method: 'POST',
      url: `/api/payout-batches/${batch.id}/approve`,
      headers: { authorization: `Bearer ${key}` },
      payload: { pin_token: 'x'.repeat(43) },
    });
    expect(withKey.statusCode).toBe(401);
    expect((await v1(t, key, 'GET', `/payout-batches/${batch.id}`)).json().data).toMatchObject({
      status: 'submitted',
      counts: { names_pending: 0, name_mismatches: 0 },
    });

    const before = (await ugxBalances(t, merchant.accountId)).test;
    const approved = await batchCall(t, merchant, 'POST', `/api/payout-batches/${batch.id}/approve`, {
      pin_token: await pinToken(t, merchant),
    });
    expect(approved.statusCode).toBe(200);
    await runBatchWork(t);
    const paid = (await v1(t, key, 'GET', `/payout-batches/${batch.id}`)).json().data;
    expect(paid).toMatchObject({ status: 'completed', counts: { rows: 3, paid: 3, failed: 0 }, totals: { paid_amount: 3603 } });
    expect((await ugxBalances(t, merchant.accountId)).test).toBe(before - 3603 - 3000);

    const page = (await v1(t, key, 'GET', `/payout-batches/${batch.id}/rows`)).json().data;
    const payoutIds = page.items.map((row: { payout_id: string }) => row.payout_id);
    expect(
      page.items.every((row: { status: string; provider_reference: string }) => row.status === 'paid' && row.provider_reference),
    ).toBe(true);
    const payout = await v1(t, key, 'GET', `/payouts/${payoutIds[0]}`);
    expect(payout.json().data).toMatchObject({ id: payoutIds[0], status: 'successful', batch_id: batch.id, amount: 1200 });

    const rowEvents = (await eventsOf('payout.successful')).filter((event) => payoutIds.includes(event.payload.id));
    expect(rowEvents.map((event) => event.payload.batch_id)).toEqual([batch.id, batch.id, batch.id]);
    const ofBatch = async (type: string) => (await eventsOf(type)).filter((event) => event.payload.id === batch.id);
    expect(await ofBatch('payout_batch.approved')).toHaveLength(1);
    expect((await ofBatch('payout_batch.completed')).map((event) => event.payload)).toEqual([
      expect.objectContaining({ status: 'completed', counts: expect.objectContaining({ rows: 3, paid: 3, failed: 0 }) }),
    ]);
  });

  it('tells the Payments URL when a member rejects a proposed batch, or it expires', async () => {
    const rejected = (await propose({ reference: 'To reject', rows: rows(1, 300) })).json().data;
    const expiring = (await propose({ reference: 'To expire', rows: rows(1, 301) })).json().data;
    await batchCall(t, merchant, 'POST', `/api/payout-batches/${rejected.id}/reject`, { reason: 'Wrong month' });
    await runBatchWork(t, new Date(Date.now() + 73 * 3_600_000));
    expect((await eventsOf('payout_batch.rejected')).map((event) => event.payload)).toContainEqual(
      expect.objectContaining({ id: rejected.id, status: 'rejected', rejection_reason: 'Wrong month' }),
    );
    expect((await eventsOf('payout_batch.expired')).map((event) => event.payload)).toContainEqual(
      expect.objectContaining({ id: expiring.id, status: 'expired' }),
    );
  });
});
