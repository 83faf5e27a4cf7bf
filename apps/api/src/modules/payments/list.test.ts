import { LINK_MESSAGES, MESSAGES } from '@sente/contracts/messages';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMerchant,
  createPaymentLink,
  expectLedgerHolds,
  getData,
  type Merchant,
  PAYMENTS_ENV,
  payId,
} from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { addMember, bearer, createSignedInUser } from '../../testing/users.ts';
import { runOpsCommand } from '../ops/commands.ts';

let t: TestApp;
let merchant: Merchant;
let other: Merchant;
let link: { id: string; ref: string };
const paid: string[] = [];

const TERM = { type: 'radio', label: 'Term', options: ['Term 1', 'Term 2'] };

beforeAll(async () => {
  t = await createTestApp(PAYMENTS_ENV);
  [merchant, other] = await Promise.all([createMerchant(t, 'Lists Shop'), createMerchant(t, 'Other Shop')]);
  link = await createPaymentLink(t, merchant, { title: 'Fees', fixed_amount: false, amount: 0, extra_fields: [TERM] });
  // 23 payments: 21 succeed (one customer each, by phone), 2 fail.
  for (let i = 0; i < 23; i++) {
    const suffix = i < 21 ? String(1000 + i) : '0001';
    paid.push(
      await payId(t, link.ref, {
        names: `Payer ${i}`,
        phone: `077212${suffix}`,
        amount: 1000 + i,
        extra_data: [{ label: 'Term', value: i % 2 ? 'Term 1' : 'Term 2' }],
      }),
    );
  }
  await t.app.services.jobs.runDue();
  // The other account has a collection of its own.
  const otherLink = await createPaymentLink(t, other, { title: 'Other' });
  await payId(t, otherLink.ref);
  await t.app.services.jobs.runDue();
});
afterAll(() => t.close());

const get = (who: Merchant, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(who.accessToken) });

describe('GET /api/collections', () => {
  it('pages newest first: the first page replaces, the next page continues where it ended', async () => {
    const first = await getData(t, merchant, '/api/collections');
    expect(first).toMatchObject({ totalItems: 23, totalPages: 2 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toMatchObject({
      id: paid[22],
      status: 'failed',
      customer: { names: 'Payer 22' },
      currency: 'UGX',
      amount: 1022,
      collection_channel: 'MTN_UG',
      msisdn: '256772120001',
      link: { ref: link.ref, kind: 'payment_link', title: 'Fees' },
      extra_data: [{ label: 'Term', value: 'Term 2' }],
    });
    expect(first.nextCursor).toBe(first.lastCursor);
    const second = await getData(t, merchant, `/api/collections?cursor=${first.nextCursor}`);
    expect(second.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((item: { id: string }) => item.id);
    expect(ids).toEqual([...paid].reverse());
  });

  it('refuses a malformed cursor and a cursor of another list', async () => {
    const customers = await getData(t, merchant, '/api/customers');
    for (const cursor of ['garbage', customers.lastCursor]) {
      const res = await get(merchant, `/api/collections?cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(LINK_MESSAGES.invalidCursor);
    }
  });

  it('shows another account only its own collections, customers and totals', async () => {
    const collections = await getData(t, other, '/api/collections');
    expect(collections.totalItems).toBe(1);
    expect(collections.items[0].link.title).toBe('Other');
    const customers = await getData(t, other, '/api/customers');
    expect(customers.totalItems).toBe(1);
    const live = await get(other, `/api/payment-link/collections/${link.ref}`);
    expect(live.statusCode).toBe(404);
    expect(live.json().message).toBe(LINK_MESSAGES.linkNotFound);
  });

  it('follows the active environment: live mode shows no test collections, customers or balance', async () => {
    const shop = await createMerchant(t, 'Env Shop');
    const shopLink = await createPaymentLink(t, shop, { amount: 5000 });
    await payId(t, shopLink.ref);
    await t.app.services.jobs.runDue();
    expect((await getData(t, shop, '/api/collections')).totalItems).toBe(1);
    await t.app.services.accounts.approve(shop.accountId);
    const switched = await t.app.inject({
      method: 'POST',
      url: '/api/keys/set-environment',
      headers: bearer(shop.accessToken),
      payload: { environment: 'production' },
    });
    expect(switched.statusCode).toBe(200);
    expect((await getData(t, shop, '/api/collections')).totalItems).toBe(0);
    expect((await getData(t, shop, '/api/customers')).totalItems).toBe(0);
    expect(await getData(t, shop, `/api/payment-link/collections/${shopLink.ref}`)).toMatchObject({
      total_successful: 0,
      successful_count: 0,
    });
    const profile = await getData(t, shop, '/api/user/profile');
    expect(profile.current_account.userWallet).toEqual({ current_balance: 0, current_balance_sand_box: 4850 });
  });

  it('needs a session and a current account', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/collections' })).statusCode).toBe(401);
    const loner = await createSignedInUser(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/customers', headers: bearer(loner.accessToken) });
    expect(res.statusCode).toBe(409);
  });

  it('lets every role see collections, including a read-only member', async () => {
    const viewer = await createSignedInUser(t);
    await addMember(t, merchant.accountId, viewer, 'customer_support', merchant.userId, { makeCurrent: true });
    const res = await t.app.inject({ method: 'GET', url: '/api/collections', headers: bearer(viewer.accessToken) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.totalItems).toBe(23);
  });
});

describe('GET /api/customers', () => {
  it('lists each paying customer once, newest first, with what they paid', async () => {
    const page = await getData(t, merchant, '/api/customers');
    expect(page).toMatchObject({ totalItems: 21, totalPages: 2 });
    expect(page.items[0]).toMatchObject({
      names: 'Payer 20',
      phone: '256772121020',
      email: null,
      payments_count: 1,
      total_paid: 1020,
    });
    const rest = await getData(t, merchant, `/api/customers?cursor=${page.nextCursor}`);
    expect(rest.items).toHaveLength(1);
  });
});

describe('GET /api/payment-link/collections/:ref (live page)', () => {
  it('answers the link, its extra fields, the successful total and the collections with their extra data', async () => {
    const live = await getData(t, merchant, `/api/payment-link/collections/${link.ref}`);
    const expectedTotal = Array.from({ length: 21 }, (_, i) => 1000 + i).reduce((a, b) => a + b, 0);
    expect(live.link).toMatchObject({ ref: link.ref, title: 'Fees', extra_fields: [TERM] });
    expect(live.total_successful).toBe(expectedTotal);
    // The count beside the total is of the same 21 successful payments; the list holds the two failed ones too.
    expect(live.successful_count).toBe(21);
    expect(live.totalItems).toBe(23);
    expect(live.items[1]).toMatchObject({
      amount: 1021,
      currency: 'UGX',
      collection: {
        status: 'failed',
        amount: 1021,
        msisdn: '256772120001',
        customer: { names: 'Payer 21' },
        collection_channel: 'MTN_UG',
      },
      extra_data: [{ label: 'Term', value: 'Term 1' }],
    });
  });

  it('answers 404 for an unknown ref', async () => {
    const res = await get(merchant, '/api/payment-link/collections/nosuchref1');
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/collections/download', () => {
  it('streams Collections Received.xlsx holding every collection of the account and environment', async () => {
    const res = await get(merchant, '/api/collections/download');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Collections Received.xlsx"');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Collections')!;
    expect(sheet.rowCount).toBe(24);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Date (EAT)',
      'Phone/Card',
      'Names',
      'Email',
      'Currency',
      'Amount',
      'Fee',
      'Net',
      'Channel',
      'Transaction ID',
      'Status',
      'Link',
      'Extra details',
      'Refunded',
      'Refund pending',
    ]);
    const newest = sheet.getRow(2).values as unknown[];
    expect(newest.slice(2, 13)).toEqual([
      '0772 120 001',
      'Payer 22',
      undefined,
      'UGX',
      1022,
      0,
      0,
      'MTN Mobile Money',
      expect.stringMatching(/^SNT/),
      'failed',
      'Fees',
    ]);
    expect(newest[13]).toBe('Term: Term 2');
    const successful = sheet.getRow(4).values as unknown[];
    expect(successful.slice(3, 12)).toEqual([
      'Payer 20',
      undefined,
      'UGX',
      1020,
      31,
      989,
      'MTN Mobile Money',
      expect.any(String),
      'successful',
    ]);
    expect(newest[1]).toBeInstanceOf(Date);
    const names = Array.from({ length: 23 }, (_, i) => sheet.getRow(i + 2).getCell(3).value);
    expect(new Set(names)).toEqual(new Set(Array.from({ length: 23 }, (_, i) => `Payer ${i}`)));
  });

  it('holds only the header for an account with no collections, and needs a session', async () => {
    const empty = await createMerchant(t, 'Empty Shop');
    const res = await get(empty, '/api/collections/download');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.getWorksheet('Collections')!.rowCount).toBe(1);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/collections/download' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(MESSAGES.unauthenticated);
  });
});

describe('the wallet and the ledger', () => {
  it('shows the test balance on the profile: successful payments less the 3% fee', async () => {
    const profile = await getData(t, merchant, '/api/user/profile');
    const gross = Array.from({ length: 21 }, (_, i) => 1000 + i);
    const net = gross.reduce((sum, amount) => sum + amount - Math.floor((amount * 300 + 5000) / 10000), 0);
    expect(profile.current_account.userWallet).toEqual({ current_balance: 0, current_balance_sand_box: net });
  });

  it('ledger:verify finds nothing wrong, and names a cached balance that no longer equals its entries', async () => {
    await expectLedgerHolds(t);
    expect(await runOpsCommand(t.app.services, 'ledger:verify', [])).toMatchObject({ ok: true });
    await sql`update wallets set balance = balance + 1 where account_id = ${other.accountId}`.execute(t.database.db);
    const broken = await runOpsCommand(t.app.services, 'ledger:verify', []);
    expect(broken.ok).toBe(false);
    expect(broken.message).toMatch(/balance_mismatch .*: cached balance \d+, entries sum to \d+/);
    await sql`update wallets set balance = balance - 1 where account_id = ${other.accountId}`.execute(t.database.db);
  });

  it('refuses at commit a movement whose entries do not sum to zero', async () => {
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('ledger_transactions')
          .values({ kind: 'test', environment: 'test', reference_id: '00000000-0000-4000-8000-000000000001' })
          .returning('id')
          .executeTakeFirstOrThrow();
        const wallet = await trx
          .selectFrom('wallets')
          .select('id')
          .where('account_id', '=', merchant.accountId)
          .executeTakeFirstOrThrow();
        await trx.insertInto('ledger_entries').values({ transaction_id: id, wallet_id: wallet.id, amount: 5 }).execute();
      }),
    ).rejects.toThrow(/does not balance/);
    await expectLedgerHolds(t);
  });
});
