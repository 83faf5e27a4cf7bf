/**
 * Decision 036, migration 2026_11_26_027: before it, each payment overwrote its customer's name; the collections kept the
 * names they were paid with, and the migration recovers from them every earlier name of each customer. It is run back
 * down and up again on this file's own copy of the database.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../db/migrations/2026_11_26_027_customer_names.ts';
import { createMerchant, type Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let shop: Merchant;
let other: Merchant;
let db: Kysely<any>;
beforeAll(async () => {
  t = await createTestApp();
  shop = await createMerchant(t, 'Shared Phone Shop');
  other = await createMerchant(t, 'Next Door Shop');
  db = t.database.db as Kysely<any>;
});
afterAll(() => t.close());

let counter = 0;

/** A customer as the old code left it (the latest name only), with its collections under the names paid with. */
async function insertOldCustomer(
  merchant: Merchant,
  latest: string,
  payments: { names: string; daysAgo: number; status?: string }[],
): Promise<string> {
  const { id } = await db
    .insertInto('customers')
    .values({
      account_id: merchant.accountId,
      environment: 'test',
      names: latest,
      phone: `2567720${String(++counter).padStart(5, '0')}`,
      payments_count: payments.length,
      total_paid: payments.length * 100,
      last_paid_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, payment] of payments.entries()) {
    const at = new Date(Date.now() - payment.daysAgo * 86_400_000);
    await db
      .insertInto('collections')
      .values({
        account_id: merchant.accountId,
        environment: 'test',
        amount: 100,
        channel: 'MTN_UG',
        msisdn: '256772000000',
        names: payment.names,
        customer_id: id,
        status: 'successful',
        transaction_id: `NAMES-${id}-${i}`,
        provider: 'simulator',
        expires_at: at,
        completed_at: at,
        created_at: at,
      })
      .execute();
  }
  return id;
}

const otherNamesOf = async (id: string) =>
  (await db.selectFrom('customers').select('other_names').where('id', '=', id).executeTakeFirstOrThrow()).other_names;

describe('migration 027: the names of a shared phone', () => {
  it("recovers each customer's earlier names from its collections, the most recent first, each once", async () => {
    await down(db);
    // Decision 036's case: two payments as Okello, then one as Akello, who became the customer's only name.
    const family = await insertOldCustomer(shop, 'Akello Grace', [
      { names: 'Okello John', daysAgo: 9 },
      { names: 'Okello John', daysAgo: 8 },
      { names: 'Akello Grace', daysAgo: 1 },
    ]);
    // Names differing only in case or spacing are one; the latest name is never among the earlier ones.
    const spelled = await insertOldCustomer(shop, 'Nakato Sarah', [
      { names: 'Mugisha Paul', daysAgo: 30 },
      { names: 'NAKATO sarah', daysAgo: 20 },
      { names: ' mugisha  PAUL ', daysAgo: 10 },
      { names: 'Kato Brian', daysAgo: 5 },
      { names: 'Nakato Sarah', daysAgo: 2 },
    ]);
    const alone = await insertOldCustomer(other, 'Odongo Peter', [
      { names: 'Odongo Peter', daysAgo: 4 },
      { names: 'Odongo Peter', daysAgo: 3 },
    ]);

    await up(db);

    expect(await otherNamesOf(family)).toEqual(['Okello John']);
    expect(await otherNamesOf(spelled)).toEqual(['Kato Brian', 'mugisha PAUL']);
    expect(await otherNamesOf(alone)).toEqual([]);
    const names = await db.selectFrom('customers').select(['id', 'names']).where('id', 'in', [family, spelled, alone]).execute();
    expect(Object.fromEntries(names.map((row) => [row.id, row.names]))).toEqual({
      [family]: 'Akello Grace',
      [spelled]: 'Nakato Sarah',
      [alone]: 'Odongo Peter',
    });
  });

  it('gives a customer created afterwards no earlier names', async () => {
    const { other_names } = await db
      .insertInto('customers')
      .values({ account_id: shop.accountId, environment: 'production', names: 'New Payer', phone: '256772999111' })
      .returning('other_names')
      .executeTakeFirstOrThrow();
    expect(other_names).toEqual([]);
  });
});
