/**
 * Decision 022: the collections list's totalItems comes from `collection_counts`, kept by a trigger on every insert and
 * delete of a collection (migration 2026_11_24_015), so no request counts an account's rows. Checked against count(*)
 * under concurrent payments, per environment, after deletes, and after the migration fills it from existing rows.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../db/migrations/2026_11_24_015_collection_counts.ts';
import { keptAndCounted } from '../../testing/counters.ts';
import { get } from '../../testing/http.ts';
import { createMerchant, createPaymentLink, type Merchant, PAYMENTS_ENV, payId } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let shop: Merchant;
let other: Merchant;
let db: Kysely<any>;

beforeAll(async () => {
  t = await createTestApp(PAYMENTS_ENV);
  [shop, other] = await Promise.all([createMerchant(t, 'Counted Shop'), createMerchant(t, 'Other Shop')]);
  db = t.database.db as Kysely<any>;
});
afterAll(() => t?.close());

/** What the counter holds, and what count(*) says, per account and environment. */
const counts = () => keptAndCounted(db, 'collection_counts', 'collections', ['account_id', 'environment']);

const totalItems = async (who: Merchant) => (await get(t, who, '/api/collections')).json().data.totalItems;

describe('collection_counts', () => {
  it('counts every collection once, under concurrent payments, per account and environment', async () => {
    const [link, otherLink] = await Promise.all([createPaymentLink(t, shop), createPaymentLink(t, other)]);
    await Promise.all([
      ...Array.from({ length: 12 }, () => payId(t, link.ref)),
      ...Array.from({ length: 3 }, () => payId(t, otherLink.ref)),
    ]);
    const { kept, counted } = await counts();
    expect(kept).toEqual(counted);
    expect(kept[`${shop.accountId}:test`]).toBe(12);
    expect(await totalItems(shop)).toBe(12);
    expect(await totalItems(other)).toBe(3);
  });

  it('follows deletes, and the list still pages every row it counts', async () => {
    const first = await db
      .selectFrom('collections')
      .select('id')
      .where('account_id', '=', shop.accountId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('collections').where('id', '=', first.id).execute();
    const { kept, counted } = await counts();
    expect(kept).toEqual(counted);
    const page = (await get(t, shop, '/api/collections')).json().data;
    expect(page.totalItems).toBe(11);
    expect(page.items).toHaveLength(11);
  });

  it('is filled from the collections already there when the migration runs', async () => {
    await down(db);
    await up(db);
    const { kept, counted } = await counts();
    expect(kept).toEqual(counted);
    expect(await totalItems(shop)).toBe(11);
  });
});
