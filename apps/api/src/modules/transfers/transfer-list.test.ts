import { kampalaWallClock } from '@sente/contracts/dates';
/** The /settlements list of transfers, its paging and its xlsx export. */
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { TRANSFER_OPTIONS } from '@sente/contracts/transfers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, get, post } from '../../testing/http.ts';
import { expectLedgerHolds, getData, type Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fundWallet, p2p, settlementsPage, WALLET_ENV } from '../../testing/transfers.ts';
import { createNamedMerchant, mintPinToken, readWorkbook } from '../../testing/transfers-more.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let t: TestApp;
/** The paging pair: they send each other 45 transfers. */
let kato: Merchant;
let lule: Merchant;
/** An outsider who never moves money. */
let carol: Merchant;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  [kato, lule, carol] = await Promise.all([
    createNamedMerchant(t, 'Kato Supplies', { firstname: 'Joan', lastname: 'Kato' }),
    createNamedMerchant(t, 'Lule Traders', { firstname: 'Sam', lastname: 'Lule' }),
    createNamedMerchant(t, 'Carol Salon', { firstname: 'Ruth', lastname: 'Akello' }),
  ]);
  await fundWallet(t, kato, 1_000_000);
  await fundWallet(t, lule, 1_000_000);
});
afterAll(() => t?.close());

describe('GET /api/settlements paging and GET /api/collections/smt_download', () => {
  afterAll(() => expectLedgerHolds(t));

  const COUNT = 45;
  /** Every transfer between Kato and Lule, oldest first, as Kato sees it. */
  const made: { id: string; direction: 'in' | 'out'; amount: number; reason: string }[] = [];

  beforeAll(async () => {
    for (let i = 0; i < COUNT; i++) {
      const katoSends = i % 3 !== 0;
      const [from, to] = katoSends ? [kato, lule] : [lule, kato];
      const reason = `Order ${i}`;
      const res = await p2p(t, from, to, 1000 + i, { reason, token: await mintPinToken(t, from) });
      if (res.statusCode !== 201) throw new Error(`p2p answered ${res.statusCode}: ${res.body}`);
      made.push({ id: res.json().data.id, direction: katoSends ? 'out' : 'in', amount: 1000 + i, reason });
    }
  });

  async function allPages(who: Merchant) {
    const pages = [await settlementsPage(t, who)];
    while (pages.at(-1)!.nextCursor) pages.push(await settlementsPage(t, who, pages.at(-1)!.nextCursor!));
    return pages;
  }

  it('pages newest first: the first page and the nextCursor pages hold every transfer exactly once, on both sides', async () => {
    for (const [who, flip] of [
      [kato, false],
      [lule, true],
    ] as const) {
      const pages = await allPages(who);
      expect(pages.map((page) => page.items.length)).toEqual([20, 20, 5]);
      for (const page of pages) expect(page).toMatchObject({ totalItems: COUNT, totalPages: 3 });
      expect(pages.at(-1)!.nextCursor).toBeNull();
      const items = pages.flatMap((page) => page.items);
      const expected = [...made].reverse().map((m) => {
        const direction = flip ? (m.direction === 'out' ? 'in' : 'out') : m.direction;
        return [m.id, direction, m.amount, direction === 'out' ? 500 : 0, m.reason];
      });
      expect(items.map((item) => [item.id, item.direction, item.amount, item.charge, item.reason])).toEqual(expected);
      const times = items.map((item) => Date.parse(item.created_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    const katoNewestReceived = (await settlementsPage(t, kato)).items.find((item) => item.direction === 'in')!;
    expect(katoNewestReceived).toMatchObject({
      creator: { firstname: 'Sam', lastname: 'Lule' },
      counterparty: expect.stringContaining('Lule Traders'),
      status: 'successful',
    });
  });

  it('refuses a collections cursor and a malformed one', async () => {
    const collections = await getData(t, kato, '/api/collections');
    expect(collections.lastCursor).toEqual(expect.any(String));
    for (const cursor of [collections.lastCursor, 'garbage']) {
      const res = await get(t, kato, `/api/settlements?cursor=${encodeURIComponent(cursor)}`);
      expect(answer(res)).toEqual([400, LINK_MESSAGES.invalidCursor]);
    }
  });

  it('exports Transfers.xlsx with every transfer of the account, newest first', async () => {
    const res = await get(t, kato, '/api/collections/smt_download');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Transfers.xlsx"');
    const sheet = (await readWorkbook(res.rawPayload)).getWorksheet('Transfers')!;
    expect(sheet.rowCount).toBe(COUNT + 1);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Date (EAT)',
      'Type',
      'Direction',
      'Currency',
      'Amount',
      'Charge',
      'To / From',
      'Created by',
      'Reason',
      'Status',
      'Failure reason',
    ]);
    const katoNumber = (await post(t, kato, '/api/wallet/get_account_number_if_exists')).json().sente_account_number;
    const luleNumber = (await post(t, lule, '/api/wallet/get_account_number_if_exists')).json().sente_account_number;
    const newest = sheet.getRow(2).values as unknown[];
    expect(newest[1]).toBeInstanceOf(Date);
    // The cell holds Kampala's wall clock (its header says EAT), as the dashboard shows the date.
    const newestAt = await t.database.db
      .selectFrom('transfers')
      .select('created_at')
      .where((eb) => eb.or([eb('account_id', '=', kato.accountId), eb('recipient_account_id', '=', kato.accountId)]))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(Math.abs((newest[1] as Date).getTime() - kampalaWallClock(newestAt.created_at).getTime())).toBeLessThan(1000);
    // Transfer 44 went from Kato to Lule, transfer 42 from Lule to Kato.
    expect(newest.slice(2)).toEqual([
      TRANSFER_OPTIONS.wallet_transfer,
      'Out',
      'UGX',
      1044,
      500,
      `Lule Traders (${luleNumber})`,
      'Joan Kato',
      'Order 44',
      'successful',
    ]);
    expect((sheet.getRow(4).values as unknown[]).slice(3, 10)).toEqual([
      'In',
      'UGX',
      1042,
      0,
      `Lule Traders (${luleNumber})`,
      'Sam Lule',
      'Order 42',
    ]);
    const amounts = Array.from({ length: COUNT }, (_, i) => sheet.getRow(i + 2).getCell(5).value);
    expect(amounts).toEqual([...made].reverse().map((m) => m.amount));
    expect(katoNumber).not.toBe(luleNumber);
  });

  it('another account never sees these transfers, in its list or its export', async () => {
    const page = await settlementsPage(t, carol);
    expect(page).toMatchObject({ items: [], totalItems: 0, totalPages: 0, nextCursor: null });
    const res = await get(t, carol, '/api/collections/smt_download');
    expect(res.statusCode).toBe(200);
    expect((await readWorkbook(res.rawPayload)).getWorksheet('Transfers')!.rowCount).toBe(1);
    // Nor does a cursor of Kato's list open it for Carol.
    const katoFirst = await settlementsPage(t, kato);
    const borrowed = await settlementsPage(t, carol, katoFirst.nextCursor!);
    expect(borrowed.items).toEqual([]);
  });
});
