/**
 * Decision 027: the customers list's totalItems comes from `customer_counts`, kept by triggers on every insert and delete of
 * a customer and on a change of its account or environment (migration 2026_11_24_020). Checked against count(*) under
 * concurrent inserts, per account and environment, after deletes (a merge deletes), and after the migration fills it.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../db/migrations/2026_11_24_020_list_counters.ts';
import { keptAndCounted } from '../../testing/counters.ts';
import { get } from '../../testing/http.ts';
import { createMerchant, type Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let shop: Merchant;
let other: Merchant;
let db: Kysely<any>;

beforeAll(async () => {
  t = await createTestApp();
  [shop, other] = await Promise.all([createMerchant(t, 'Counted Customers'), createMerchant(t, 'Other Customers')]);
  db = t.database.db as Kysely<any>;
});
afterAll(() => t?.close());

let seq = 0;
const customer = (merchant: Merchant, environment: 'test' | 'production') => ({
  account_id: merchant.accountId,
  environment,
  names: `Payer ${++seq}`,
  phone: `2567${String(seq).padStart(8, '0')}`,
});

/** What the counter holds equals what count(*) says, per account and environment (zeros left out). */
async function expectCountsKept() {
  const { kept, counted } = await keptAndCounted(db, 'customer_counts', 'customers', ['account_id', 'environment']);
  expect(kept).toEqual(counted);
}

const totalItems = async (who: Merchant) => (await get(t, who, '/api/customers')).json().data.totalItems;

describe('customer_counts', () => {
  it('counts each account and environment apart, under concurrent inserts and a bulk insert of both accounts', async () => {
    await Promise.all([
      ...Array.from({ length: 15 }, () => db.insertInto('customers').values(customer(shop, 'test')).execute()),
      ...Array.from({ length: 4 }, () => db.insertInto('customers').values(customer(shop, 'production')).execute()),
      db
        .insertInto('customers')
        .values([customer(shop, 'test'), customer(other, 'test'), customer(other, 'test')])
        .execute(),
    ]);
    await expectCountsKept();
    expect(await totalItems(shop)).toBe(16);
    expect(await totalItems(other)).toBe(2);
  });

  it('follows deletes and a customer moved to another environment', async () => {
    const [first, second] = await db
      .selectFrom('customers')
      .select('id')
      .where('account_id', '=', shop.accountId)
      .where('environment', '=', 'test')
      .orderBy('created_at')
      .limit(2)
      .execute();
    await db.deleteFrom('customers').where('id', '=', first!.id).execute();
    await db.updateTable('customers').set({ environment: 'production' }).where('id', '=', second!.id).execute();
    await db.updateTable('customers').set({ payments_count: 3 }).where('account_id', '=', shop.accountId).execute();
    await expectCountsKept();
    const page = (await get(t, shop, '/api/customers')).json().data;
    expect(page).toMatchObject({ totalItems: 14, totalPages: 1 });
    expect(page.items).toHaveLength(14);
  });

  it('is filled from the customers already there when the migration runs', async () => {
    await down(db);
    await up(db);
    await expectCountsKept();
    expect(await totalItems(shop)).toBe(14);
    expect(await totalItems(other)).toBe(2);
  });
});
