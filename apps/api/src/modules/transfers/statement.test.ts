/** The wallet statement, its running balance, its pages and its workbook (decision 052). */
import { kampalaDay } from '@sente/contracts/dates';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { STATEMENT_MESSAGES, type StatementEntry } from '@sente/contracts/transfers';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, get } from '../../testing/http.ts';
import { expectLedgerHolds, type Merchant, ugxBalances } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fundWallet, p2p, payout, requestSettlement, saveBankDetails, setPin, WALLET_ENV } from '../../testing/transfers.ts';
import { createAlice, createBob, readWorkbook, useEnvironment } from '../../testing/transfers-more.ts';
import { verifyLedger } from '../money/ledger.ts';

type Page = { items: StatementEntry[]; nextCursor: string | null; totalItems: number };

let t: TestApp;
let alice: Merchant;
let bob: Merchant;

async function statement(who: Merchant, query = ''): Promise<Page> {
  const res = await get(t, who, `/api/wallet/statement${query}`);
  if (res.statusCode !== 200) throw new Error(`statement answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

const lines = (page: Page) => page.items.map(({ description, debit, credit }) => [description, debit, credit]);

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  // 500,000 collected through 'Top up' from Okello John, less the 3% fee (testing/transfers-more.ts).
  [alice, bob] = await Promise.all([createAlice(t), createBob(t)]);
  await saveBankDetails(t, alice);
  expect((await p2p(t, alice, bob, 10_000)).statusCode).toBe(201);
  const settlement = await requestSettlement(t, alice, 50_000);
  expect(settlement.statusCode).toBe(201);
  expect(await t.app.services.transfers.rejectSettlement(settlement.json().data.id, 'The bank account is closed')).toBe(true);
});
afterAll(() => t?.close());

describe('the wallet statement', () => {
  afterAll(() => expectLedgerHolds(t));

  it('shows each movement newest first, its fee on a line of its own, and the balance after each line', async () => {
    const page = await statement(alice);
    expect(lines(page)).toEqual([
      ['Settlement fee returned', 0, 2_000],
      ['Settlement to Stanbic Bank Uganda returned', 0, 50_000],
      ['Settlement fee', 2_000, 0],
      ['Settlement to Stanbic Bank Uganda', 50_000, 0],
      ['Transfer fee', 500, 0],
      ['Transfer to Bob Hardware', 10_000, 0],
      ['Fee on payment from Okello John', 15_000, 0],
      ['Payment from Okello John (Top up)', 0, 500_000],
    ]);
    expect(page.items.map((item) => item.balance)).toEqual([
      474_500, 472_500, 422_500, 424_500, 474_500, 475_000, 485_000, 500_000,
    ]);
    expect((await ugxBalances(t, alice.accountId)).test).toBe(474_500);
    expect(page.totalItems).toBe(4);
    expect(new Set(page.items.map((item) => item.id)).size).toBe(page.items.length);
  });

  it("shows the recipient the transfer, and never another account's entries", async () => {
    const page = await statement(bob);
    expect(lines(page)).toEqual([['Transfer from Alice Crafts', 0, 10_000]]);
    expect(page.items[0]?.balance).toBe(10_000);
  });

  it('keeps the entries of the Kampala days asked for', async () => {
    const today = kampalaDay(new Date());
    const day = (offset: number) => kampalaDay(new Date(Date.now() + offset * 86_400_000));
    expect((await statement(alice, `?from=${today}&to=${today}`)).items).toHaveLength(8);
    expect((await statement(alice, `?from=${day(1)}`)).items).toEqual([]);
    expect((await statement(alice, `?to=${day(-1)}`)).items).toEqual([]);
    expect((await statement(alice, `?from=${day(-1)}&to=${day(1)}`)).totalItems).toBe(4);
  });

  it('refuses a day that does not exist, a range backwards, a foreign cursor and an unknown currency', async () => {
    const refused = async (query: string) => answer(await get(t, alice, `/api/wallet/statement${query}`));
    expect(await refused('?from=2026-02-30')).toEqual([400, STATEMENT_MESSAGES.invalidDay]);
    expect(await refused('?to=27-11-2026')).toEqual([400, STATEMENT_MESSAGES.invalidDay]);
    expect(await refused('?from=2026-11-27&to=2026-11-01')).toEqual([400, STATEMENT_MESSAGES.rangeBackwards]);
    expect(await refused('?cursor=nonsense')).toEqual([400, LINK_MESSAGES.invalidCursor]);
    const transfersCursor = (await get(t, alice, '/api/settlements')).json().data.lastCursor as string;
    expect(await refused(`?cursor=${encodeURIComponent(transfersCursor)}`)).toEqual([400, LINK_MESSAGES.invalidCursor]);
    expect((await get(t, alice, '/api/wallet/statement?currency=EUR')).statusCode).toBe(400);
  });

  it('is empty in production, where no test money is', async () => {
    await useEnvironment(t, alice, 'production');
    try {
      expect(await statement(alice)).toMatchObject({ items: [], nextCursor: null, totalItems: 0 });
    } finally {
      await useEnvironment(t, alice, 'test');
    }
  });

  it('pages by movements with a cursor, each line once, the balances running on across pages', async () => {
    const carol = await createBob(t);
    for (let i = 0; i < 22; i++) await fundWallet(t, carol, 1_000 + i);
    const first = await statement(carol);
    expect(first.totalItems).toBe(22);
    expect(first.items).toHaveLength(40);
    expect(first.nextCursor).not.toBeNull();
    const second = await statement(carol, `?cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.items).toHaveLength(4);
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items];
    expect(new Set(all.map((item) => item.id)).size).toBe(44);
    expect(all.at(-1)).toMatchObject({ description: 'Payment from Okello John (Top up)', credit: 1_000, balance: 1_000 });
    all.slice(0, -1).forEach((item, index) => {
      expect(item.balance).toBe(all[index + 1]!.balance + item.credit - item.debit);
    });
    expect(all[0]?.balance).toBe((await ugxBalances(t, carol.accountId)).test);
  });

  it('sums the period: opening balance + credits - debits - fees = closing balance, returned fees among the credits', async () => {
    const summary = async (who: Merchant, query = '') => {
      const res = await get(t, who, `/api/wallet/statement/summary${query}`);
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    const today = kampalaDay(new Date());
    const day = (offset: number) => kampalaDay(new Date(Date.now() + offset * 86_400_000));
    // The returned settlement's fee is a credit, as its line is: 500,000 + 50,000 + 2,000 in; fees 15,000 + 500 + 2,000.
    expect(await summary(alice, `?from=${today}&to=${today}`)).toEqual({
      opening_balance: 0,
      credits: 552_000,
      debits: 60_000,
      fees: 17_500,
      closing_balance: 474_500,
    });
    expect(await summary(alice)).toEqual(await summary(alice, `?from=${today}&to=${today}`));
    const empty = { credits: 0, debits: 0, fees: 0 };
    expect(await summary(alice, `?from=${day(1)}`)).toEqual({ opening_balance: 474_500, ...empty, closing_balance: 474_500 });
    expect(await summary(alice, `?to=${day(-1)}`)).toEqual({ opening_balance: 0, ...empty, closing_balance: 0 });
    expect(await summary(bob)).toEqual({ opening_balance: 0, credits: 10_000, debits: 0, fees: 0, closing_balance: 10_000 });
    const refused = async (query: string) => answer(await get(t, alice, `/api/wallet/statement/summary${query}`));
    expect(await refused('?from=2026-02-30')).toEqual([400, STATEMENT_MESSAGES.invalidDay]);
    expect(await refused('?from=2026-11-27&to=2026-11-01')).toEqual([400, STATEMENT_MESSAGES.rangeBackwards]);
  });

  it('downloads the lines of the range as Statement.xlsx, the period summed under them', async () => {
    const today = kampalaDay(new Date());
    const res = await get(t, alice, `/api/wallet/statement/download?from=${today}&to=${today}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Statement.xlsx"');
    const sheet = (await readWorkbook(res.rawPayload)).getWorksheet('Statement')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Date (EAT)', 'Description', 'Debit', 'Credit', 'Balance']);
    const rows = [];
    for (let row = 2; row <= sheet.rowCount; row++) rows.push((sheet.getRow(row).values as unknown[]).slice(2));
    expect(rows).toEqual([
      ['Settlement fee returned', 0, 2_000, 474_500],
      ['Settlement to Stanbic Bank Uganda returned', 0, 50_000, 472_500],
      ['Settlement fee', 2_000, 0, 422_500],
      ['Settlement to Stanbic Bank Uganda', 50_000, 0, 424_500],
      ['Transfer fee', 500, 0, 474_500],
      ['Transfer to Bob Hardware', 10_000, 0, 475_000],
      ['Fee on payment from Okello John', 15_000, 0, 485_000],
      ['Payment from Okello John (Top up)', 0, 500_000, 500_000],
      [],
      ['Opening balance', undefined, undefined, 0],
      ['Credits', undefined, 552_000],
      ['Debits', 60_000],
      ['Fees', 17_500],
      ['Closing balance', undefined, undefined, 474_500],
    ]);
    expect((await get(t, alice, '/api/wallet/statement/download?from=2026-13-01')).statusCode).toBe(400);
  });

  it("reconciles with its columns, on screen and in Statement.xlsx: a failed payout's returned charge is a credit", async () => {
    const carol = await createBob(t);
    await fundWallet(t, carol, 100_000);
    await setPin(t, carol);
    const sent = await payout(t, carol, 20_000, '0772000111');
    expect(sent.statusCode).toBe(201);
    expect(
      await t.app.services.transfers.reportDisbursement(sent.json().data.id, { paid: false, reason: 'Number not registered' }),
    ).toBe(true);
    const page = await statement(carol);
    expect(page.items.filter((item) => item.description.startsWith('Payout fee'))).toEqual([
      expect.objectContaining({ description: 'Payout fee returned', debit: 0 }),
      expect.objectContaining({ description: 'Payout fee', credit: 0 }),
    ]);
    const creditColumn = page.items.reduce((sum, item) => sum + item.credit, 0);
    const debitColumn = page.items.reduce((sum, item) => sum + item.debit, 0);
    const summary = (await get(t, carol, '/api/wallet/statement/summary')).json().data;
    expect(summary.credits).toBe(creditColumn);
    expect(summary.debits + summary.fees).toBe(debitColumn);
    expect(summary.opening_balance + summary.credits - summary.debits - summary.fees).toBe(summary.closing_balance);
    expect(summary.closing_balance).toBe((await ugxBalances(t, carol.accountId)).test);

    const sheet = (await readWorkbook((await get(t, carol, '/api/wallet/statement/download')).rawPayload)).getWorksheet(
      'Statement',
    )!;
    const cells: unknown[][] = [];
    for (let row = 2; row <= sheet.rowCount; row++) cells.push((sheet.getRow(row).values as unknown[]).slice(2));
    const blank = cells.findIndex((row) => row.length === 0);
    const sum = (column: number) => cells.slice(0, blank).reduce((total, row) => total + Number(row[column] ?? 0), 0);
    const footer = Object.fromEntries(cells.slice(blank + 1).map((row) => [row[0], row.slice(1)]));
    expect(footer.Credits?.[1]).toBe(sum(2));
    expect(Number(footer.Debits?.[0]) + Number(footer.Fees?.[0])).toBe(sum(1));
    expect(footer['Closing balance']?.[2]).toBe(summary.closing_balance);
  });

  it('is checked by ledger:verify: an entry whose balance after it is not its running sum is a problem', async () => {
    const rolledBack = new Error('rolled back');
    const found = t.database.db.transaction().execute(async (trx) => {
      const wallet = await trx
        .selectFrom('wallets')
        .select('id')
        .where('account_id', '=', bob.accountId)
        .executeTakeFirstOrThrow();
      const { id } = await trx
        .insertInto('ledger_transactions')
        .values({ kind: 'collection', environment: 'test', reference_id: '00000000-0000-4000-8000-000000000031' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`insert into ledger_entries (transaction_id, wallet_id, amount, balance_after)
                values (${id}, ${wallet.id}, 5, 999)`.execute(trx);
      const problems = await verifyLedger(trx);
      expect(problems.filter((problem) => problem.kind === 'balance_after_mismatch')).toEqual([
        expect.objectContaining({ detail: "entry says balance 999 after it, its wallet's entries sum to 10005" }),
      ]);
      throw rolledBack;
    });
    await expect(found).rejects.toBe(rolledBack);
  });
});
