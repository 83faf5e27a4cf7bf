/**
 * Migration 2026_11_24_012: customers recorded under the old key (phone for mobile money, else e-mail) are
 * merged into one per payer, their collections following, and the new unique phone and e-mail keys hold afterwards.
 * The migration is run back down and up again on this file's own copy of the database.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../db/migrations/2026_11_24_012_one_customer_per_payer.ts';
import { createMerchant, type Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let shop: Merchant;
let db: Kysely<any>;
beforeAll(async () => {
  t = await createTestApp();
  shop = await createMerchant(t, 'Old Customers Shop');
  db = t.database.db as Kysely<any>;
});
afterAll(() => t.close());

type OldCustomer = {
  key: string;
  environment?: 'test' | 'production';
  names: string;
  phone?: string;
  email?: string;
  count: number;
  total: number;
  daysAgo: number;
};

/** A customer as the old code stored it, with one collection per payment pointing at it. */
async function insertOldCustomer(customer: OldCustomer): Promise<{ id: string; collections: string[] }> {
  const environment = customer.environment ?? 'test';
  const at = new Date(Date.now() - customer.daysAgo * 86_400_000);
  const { id } = await db
    .insertInto('customers')
    .values({
      account_id: shop.accountId,
      environment,
      identity: customer.key,
      names: customer.names,
      phone: customer.phone ?? null,
      email: customer.email ?? null,
      payments_count: customer.count,
      total_paid: customer.total,
      last_paid_at: at,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const collections: string[] = [];
  for (let i = 0; i < customer.count; i++) {
    const row = await db
      .insertInto('collections')
      .values({
        account_id: shop.accountId,
        environment,
        amount: customer.total / customer.count,
        channel: customer.phone ? 'MTN_UG' : 'CARD',
        msisdn: customer.phone ?? null,
        names: customer.names,
        email: customer.email ?? null,
        customer_id: id,
        status: 'successful',
        transaction_id: `OLD-${environment}-${customer.key}-${i}`,
        provider: 'simulator',
        expires_at: at,
        completed_at: at,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    collections.push(row.id);
  }
  return { id, collections };
}

const customerOf = (collectionId: string) =>
  db.selectFrom('collections').select('customer_id').where('id', '=', collectionId).executeTakeFirstOrThrow();

describe('migration 012: one customer per payer', () => {
  it('merges customers that share a phone or an e-mail, through chains, per environment, into the oldest', async () => {
    await down(db);
    // Okello: by phone, then by card (another case of his e-mail), then another phone with that e-mail.
    const okelloPhone = await insertOldCustomer({
      key: 'phone:256772123456',
      names: 'Okello',
      phone: '256772123456',
      count: 2,
      total: 2000,
      daysAgo: 30,
    });
    const okelloCard = await insertOldCustomer({
      key: 'email:Okello@Example.com',
      names: 'Okello John',
      email: 'Okello@Example.com',
      count: 1,
      total: 5000,
      daysAgo: 20,
    });
    const okelloAirtel = await insertOldCustomer({
      key: 'phone:256701000111',
      names: 'Okello J.',
      phone: '256701000111',
      email: 'okello@example.com',
      count: 1,
      total: 300,
      daysAgo: 10,
    });
    // The first MTN number written the local way, with the e-mail: it links the first customer to the other two.
    const okelloLocal = await insertOldCustomer({
      key: 'phone:0772123456',
      names: 'Okello John',
      phone: '0772 123 456',
      email: 'okello@EXAMPLE.com',
      count: 1,
      total: 100,
      daysAgo: 5,
    });
    // A different payer, and the same phone in live mode: both stay apart.
    const other = await insertOldCustomer({
      key: 'phone:256772999000',
      names: 'Nakato',
      phone: '256772999000',
      count: 1,
      total: 50,
      daysAgo: 3,
    });
    const live = await insertOldCustomer({
      key: 'phone:256772123456',
      environment: 'production',
      names: 'Okello',
      phone: '256772123456',
      count: 1,
      total: 900,
      daysAgo: 2,
    });

    await up(db);

    const customers = await db
      .selectFrom('customers')
      .selectAll()
      .where('account_id', '=', shop.accountId)
      .orderBy('created_at')
      .execute();
    expect(customers.map((c) => ({ ...c, total_paid: Number(c.total_paid) }))).toEqual([
      expect.objectContaining({
        id: okelloPhone.id,
        environment: 'test',
        names: 'Okello John',
        phone: '256772123456',
        email: 'okello@example.com',
        payments_count: 5,
        total_paid: 7400,
      }),
      expect.objectContaining({ id: other.id, phone: '256772999000', payments_count: 1 }),
      expect.objectContaining({ id: live.id, environment: 'production', phone: '256772123456', payments_count: 1 }),
    ]);
    expect(customers[0]).not.toHaveProperty('identity');
    for (const merged of [okelloPhone, okelloCard, okelloAirtel, okelloLocal]) {
      for (const collection of merged.collections) expect((await customerOf(collection)).customer_id).toBe(okelloPhone.id);
    }
  });

  it('leaves unique keys behind: a second customer with a phone or an e-mail already on record is refused', async () => {
    const base = { account_id: shop.accountId, environment: 'test', names: 'Copy' };
    for (const contact of [{ phone: '256772123456' }, { email: 'okello@example.com' }]) {
      await expect(
        db
          .insertInto('customers')
          .values({ ...base, ...contact })
          .execute(),
      ).rejects.toThrow(/unique/);
    }
  });
});
