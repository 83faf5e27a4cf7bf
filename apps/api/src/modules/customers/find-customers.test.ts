/**
 * Finding people: the customers list searches by phone, e-mail or a name's words in any order and
 * spacing, says when each customer last paid, and downloads what it finds, in one account only.
 */
import { FILTER_COUNT_CAP } from '@sente/contracts/filters';
import type { CustomerRow } from '@sente/contracts/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../../testing/http.ts';
import { createMerchant, createPaymentLink, type Merchant, PAYMENTS_ENV, payId } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { readWorkbook } from '../../testing/transfers-more.ts';

let t: TestApp;
let shop: Merchant;
let other: Merchant;

async function paid(merchant: Merchant, names: string, phone: string, email?: string) {
  const { ref } = await createPaymentLink(t, merchant, { title: 'Fees', fixed_amount: false, amount: 0 });
  const id = await payId(t, ref, { amount: 5000, phone, names, ...(email ? { email } : {}) });
  await t.app.services.payments.settle(id, { status: 'successful', message: null });
}

beforeAll(async () => {
  t = await createTestApp(PAYMENTS_ENV);
  [shop, other] = await Promise.all([createMerchant(t, 'People Shop'), createMerchant(t, 'Other People Shop')]);
  await paid(shop, 'Joan  Atim', '0772300001', 'joan@example.com');
  await paid(shop, 'Atimango Okot', '0772300002');
  await paid(shop, 'Kato Brian', '0772300003');
  await paid(other, 'Atim Joan', '0772300001');
});
afterAll(() => t?.close());

const found = async (query: string, who = shop) => {
  const res = await get(t, who, `/api/customers?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as { items: CustomerRow[]; totalItems: number; totalCapped?: boolean };
};

describe('GET /api/customers?q=', () => {
  it('finds a name by its words in any order and spacing, a phone however written, an e-mail, in one account', async () => {
    expect((await found('q=Atim%20Joan')).items.map((row) => row.names)).toEqual(['Joan  Atim']);
    expect((await found(`q=${encodeURIComponent(' joan   ATIM ')}`)).items.map((row) => row.names)).toEqual(['Joan  Atim']);
    expect((await found('q=atim')).items.map((row) => row.names)).toEqual(['Atimango Okot', 'Joan  Atim']);
    expect(await found('q=atim')).toMatchObject({ totalItems: 2, totalCapped: false });
    expect((await found('q=0772%20300%20003')).items.map((row) => row.names)).toEqual(['Kato Brian']);
    expect((await found('q=JOAN@example.com')).items.map((row) => row.names)).toEqual(['Joan  Atim']);
    expect((await found('q=Atim%20Joan', other)).items.map((row) => row.names)).toEqual(['Atim Joan']);
    expect(await found('q=Brian%20Atim')).toMatchObject({ items: [], totalItems: 0 });
    expect((await found('')).totalItems).toBe(3);
  });

  it('says when each customer last paid', async () => {
    const [joan] = (await found('q=joan')).items;
    expect(joan!.last_paid_at).toEqual(expect.any(String));
    expect(Date.now() - Date.parse(joan!.last_paid_at!)).toBeLessThan(60_000);
  });

  it('refuses a search too long with a message', async () => {
    const res = await get(t, shop, `/api/customers?q=${'x'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/search/i);
  });

  it(`counts a phone's matches up to ${FILTER_COUNT_CAP}`, async () => {
    expect(await found('q=0772300001')).toMatchObject({ totalItems: 1, totalCapped: false });
  });
});

describe('GET /api/customers/download', () => {
  it('streams Customers.xlsx with what the search finds, of this account only', async () => {
    const res = await get(t, shop, '/api/customers/download?q=atim');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Customers.xlsx"');
    const sheet = (await readWorkbook(res.rawPayload)).getWorksheet('Customers')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Names',
      'Phone',
      'Email',
      'Payments',
      'Total paid',
      'Last paid (EAT)',
      'First paid (EAT)',
      'Other names',
      'Refund pending',
    ]);
    expect(sheet.rowCount).toBe(3);
    expect((sheet.getRow(3).values as unknown[]).slice(1, 6)).toEqual([
      'Joan  Atim',
      '0772 300 001',
      'joan@example.com',
      1,
      5000,
    ]);
    expect(sheet.getRow(3).getCell(6).value).toBeInstanceOf(Date);
    const all = (await readWorkbook((await get(t, other, '/api/customers/download')).rawPayload)).getWorksheet('Customers')!;
    expect(all.rowCount).toBe(2);
    expect(all.getRow(2).getCell(1).value).toBe('Atim Joan');
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/customers/download' })).statusCode).toBe(401);
  });
});

describe('GET /api/customers?q= with a part of a phone or of an e-mail', () => {
  let ruthShop: Merchant;
  let nextDoor: Merchant;
  beforeAll(async () => {
    [ruthShop, nextDoor] = await Promise.all([createMerchant(t, 'Ruth Shop'), createMerchant(t, 'Ruth Next Door')]);
    await paid(ruthShop, 'Ruth Namutebi', '0772111222', 'ruth@example.co.ug');
    await paid(ruthShop, 'Okello Peter', '0772333444', 'peter@mail.example');
    await paid(nextDoor, 'Ruth Other', '0772111222', 'ruth@example.co.ug');
  });

  it("finds a phone's last 6 digits with or without spaces, and a part of an e-mail, in one account only", async () => {
    for (const q of ['111 222', '111222', 'ruth@', 'example.co', 'RUTH@EXAMPLE']) {
      const { items, totalItems } = await found(`q=${encodeURIComponent(q)}`, ruthShop);
      expect([q, items.map((row) => row.names), totalItems]).toEqual([q, ['Ruth Namutebi'], 1]);
    }
    expect((await found('q=333%20444', ruthShop)).items.map((row) => row.names)).toEqual(['Okello Peter']);
    expect((await found('q=111222', nextDoor)).items.map((row) => row.names)).toEqual(['Ruth Other']);
    expect(await found('q=111222')).toMatchObject({ items: [], totalItems: 0 });
    expect(await found('q=example.co.ug')).toMatchObject({ items: [], totalItems: 0 });
  });

  it('takes fewer than 6 digits for no part of a phone', async () => {
    expect(await found('q=11122', ruthShop)).toMatchObject({ items: [], totalItems: 0 });
  });
});
