/**
 * Decision 027: the link lists' totalItems come from `link_counts`, kept by triggers on every insert, update and delete of a
 * link (migration 2026_11_24_020), so no request counts an account's links. Checked against count(*) after creating,
 * hiding, showing, disabling and deleting, under concurrent inserts, per account and kind, and after the migration
 * fills it from the links already there.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../db/migrations/2026_11_24_020_list_counters.ts';
import { keptAndCounted } from '../../testing/counters.ts';
import { get, post } from '../../testing/http.ts';
import {
  createDigitalItem,
  createDonationLink,
  createMerchant,
  createPaymentLink,
  type Merchant,
} from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let shop: Merchant;
let other: Merchant;
let db: Kysely<any>;

beforeAll(async () => {
  t = await createTestApp();
  [shop, other] = await Promise.all([createMerchant(t, 'Counted Links'), createMerchant(t, 'Other Links')]);
  db = t.database.db as Kysely<any>;
});
afterAll(() => t?.close());

/** What the counter holds, and what count(*) of visible links says, per account and kind (zeros left out). */
const counts = () => keptAndCounted(db, 'link_counts', 'links', ['account_id', 'kind'], true);

async function expectCountsKept() {
  const { kept, counted } = await counts();
  expect(kept).toEqual(counted);
}

const LISTS = {
  payment_link: '/api/payment-link',
  donation_link: '/api/donation-link',
  digital_item: '/api/donation-link/get_digital_items',
} as const;

type Totals = { totalItems: number; totalPages: number };

const totals = async (who: Merchant): Promise<Record<keyof typeof LISTS, Totals>> => {
  const [payment_link, donation_link, digital_item] = await Promise.all(
    Object.values(LISTS).map(async (url): Promise<Totals> => {
      const { totalItems, totalPages } = (await get(t, who, url)).json().data;
      return { totalItems, totalPages };
    }),
  );
  return { payment_link: payment_link!, donation_link: donation_link!, digital_item: digital_item! };
};

const page = (totalItems: number) => ({ totalItems, totalPages: Math.ceil(totalItems / 20) });

describe('link_counts', () => {
  it('counts each account and kind apart, under concurrent creates', async () => {
    await Promise.all([
      ...Array.from({ length: 25 }, () => createPaymentLink(t, shop)),
      ...Array.from({ length: 3 }, () => createDonationLink(t, shop)),
      ...Array.from({ length: 4 }, () => createPaymentLink(t, other)),
    ]);
    await Promise.all(Array.from({ length: 2 }, () => createDigitalItem(t, shop)));
    await expectCountsKept();
    expect(await totals(shop)).toEqual({ payment_link: page(25), donation_link: page(3), digital_item: page(2) });
    expect(await totals(other)).toEqual({ payment_link: page(4), donation_link: page(0), digital_item: page(0) });
  });

  it('counts a bulk insert of several accounts in one statement, beside concurrent creates', async () => {
    const bulk = (merchant: Merchant, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        account_id: merchant.accountId,
        kind: 'payment_link',
        ref: `bulk${merchant.accountId.slice(0, 8)}${i}`,
        title: `Bulk ${i}`,
        created_by: merchant.userId,
      }));
    await Promise.all([
      db
        .insertInto('links')
        .values([...bulk(shop, 30), ...bulk(other, 10)])
        .execute(),
      ...Array.from({ length: 5 }, () => createPaymentLink(t, other)),
    ]);
    await expectCountsKept();
    expect((await totals(shop)).payment_link).toEqual(page(55));
    expect((await totals(other)).payment_link).toEqual(page(19));
  });

  it('follows hiding and showing again, and not disabling, which keeps a link in its list', async () => {
    const [item] = (await get(t, shop, LISTS.digital_item)).json().data.items;
    const hide = (shouldHide: boolean) =>
      post(t, shop, `/api/donation-link/hide_digital_item/${item.id}`, { senteDigitalItemId: item.id, shouldHide });
    expect((await hide(true)).statusCode).toBe(200);
    expect((await totals(shop)).digital_item).toEqual(page(1));
    expect((await hide(true)).statusCode).toBe(200);
    expect((await totals(shop)).digital_item).toEqual(page(1));
    expect((await hide(false)).statusCode).toBe(200);
    expect((await totals(shop)).digital_item).toEqual(page(2));

    const [link] = (await get(t, shop, LISTS.payment_link)).json().data.items;
    const disabled = await post(t, shop, `/api/payment-link/enable_or_disable/${link.id}`, { is_disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect((await totals(shop)).payment_link).toEqual(page(55));
    await expectCountsKept();
  });

  it('counts a statement that hides links of two accounts, and follows deletes, hidden ones included', async () => {
    const hidden = await db
      .updateTable('links')
      .set({ is_hidden: true })
      .where('kind', '=', 'payment_link')
      .where('title', 'like', 'Bulk 1%')
      .returning('account_id')
      .execute();
    expect(new Set(hidden.map((row) => row.account_id)).size).toBe(2);
    await expectCountsKept();
    await db.deleteFrom('links').where('account_id', '=', other.accountId).where('kind', '=', 'payment_link').execute();
    await expectCountsKept();
    expect((await totals(other)).payment_link).toEqual(page(0));
    const shopLinks = (await totals(shop)).payment_link.totalItems;
    const listed: unknown[] = [];
    let cursor: string | null = null;
    do {
      const data: { items: unknown[]; nextCursor: string | null } = (
        await get(t, shop, `${LISTS.payment_link}${cursor ? `?cursor=${cursor}` : ''}`)
      ).json().data;
      listed.push(...data.items);
      cursor = data.nextCursor;
    } while (cursor);
    expect(listed).toHaveLength(shopLinks);
  });

  it('is filled from the links already there when the migration runs', async () => {
    const before = await totals(shop);
    await down(db);
    await up(db);
    await expectCountsKept();
    expect(await totals(shop)).toEqual(before);
  });
});
