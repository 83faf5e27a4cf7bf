/** The three link lists: newest first, cursor paging through ties, each list's cursor its own. */
import { randomUUID } from 'node:crypto';
import type { LinkKind } from '@sente/contracts/links';
import { LINK_MESSAGES as M } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../../lib/pagination.ts';
import { error, get } from '../../testing/http.ts';
import { UNKNOWN_ID } from '../../testing/links.ts';
import { createMerchant, type Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { SignedInUser } from '../../testing/users.ts';

let t: TestApp;
/** Owns "Paged Goods", filled with rows inserted directly for the paging tests. */
let pager: Merchant;

beforeAll(async () => {
  t = await createTestApp();
  pager = await createMerchant(t, 'Paged Goods');
});
afterAll(() => t.close());

describe('lists', () => {
  type Seed = { id: string; createdAt: string };
  let seq = 0;
  /** A donation link seeded among the payment links, to prove the kinds stay apart. */
  let earlyDonations: Seed[] = [];

  /** Inserts rows of one kind into Paged Goods at these PostgreSQL timestamps (UTC, microseconds). */
  async function seed(kind: LinkKind, timestamps: string[], hidden = false): Promise<Seed[]> {
    const rows = timestamps.map((createdAt) => ({ id: randomUUID(), createdAt }));
    await t.database.db
      .insertInto('links')
      .values(
        rows.map(({ id, createdAt }) => ({
          id,
          account_id: pager.accountId,
          kind,
          ref: `seed${String(++seq).padStart(6, '0')}`,
          title: `${kind} ${seq}`,
          amount: seq,
          file: kind === 'digital_item' ? 'uploads/seed.pdf' : null,
          extra_fields: '[]',
          is_hidden: hidden,
          created_by: pager.userId,
          created_at: `${createdAt}+00`,
        })),
      )
      .execute();
    return rows;
  }
  /** The order the lists promise: newest first, ties broken by id, both descending. */
  const newestFirst = (rows: Seed[]) =>
    [...rows].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)).map((row) => row.id);
  const minutes = (hour: string, count: number) =>
    Array.from({ length: count }, (_, i) => `2026-03-01 ${hour}:${String(i).padStart(2, '0')}:00.000000`);

  /** Follows nextCursor from a first page to the end, from `firstUrl` and then `nextUrl?cursor=`. */
  async function walk(firstUrl: string, nextUrl: string, user: SignedInUser = pager) {
    const pages = [];
    let res = await get(t, user, firstUrl);
    for (;;) {
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json().data;
      pages.push(page);
      if (!page.nextCursor) return pages;
      res = await get(t, user, `${nextUrl}?cursor=${page.nextCursor}`);
    }
  }

  it('pages 45 payment links newest first across 3 pages, through ties on created_at and microseconds', async () => {
    const empty = await get(t, pager, '/api/payment-link');
    expect(empty.json()).toEqual({
      status: 'success',
      data: { items: [], lastCursor: null, nextCursor: null, totalItems: 0, totalPages: 0 },
    });

    const rows = [
      ...(await seed('payment_link', minutes('13', 10))),
      // 15 rows at one instant: the page boundary after row 20 falls inside them, so only the id tells them apart.
      ...(await seed('payment_link', Array(15).fill('2026-03-01 12:00:00.000000'))),
      ...(await seed('payment_link', minutes('11', 10))),
      // 10 rows within one millisecond (a JavaScript Date cannot tell them apart), across the boundary after row 40.
      ...(await seed(
        'payment_link',
        Array.from({ length: 10 }, (_, i) => `2026-03-01 10:00:00.123${String(101 + i)}`),
      )),
    ];
    await seed('payment_link', ['2026-03-01 14:00:00.000000', '2026-03-01 12:00:00.000000'], true);
    earlyDonations = await seed('donation_link', ['2026-03-01 15:00:00.000000']);

    const pages = await walk('/api/payment-link', '/api/payment-link');
    expect(pages.map((page) => page.items.length)).toEqual([20, 20, 5]);
    for (const page of pages) expect(page).toMatchObject({ totalItems: 45, totalPages: 3, lastCursor: expect.any(String) });
    expect(pages.map((page) => page.nextCursor)).toEqual([pages[0].lastCursor, pages[1].lastCursor, null]);

    // The first page replaces, later pages append: together they are every visible row, once, in order.
    const ids = pages.flatMap((page) => page.items.map((item: { id: string }) => item.id));
    expect(new Set(ids).size).toBe(45);
    expect(ids).toEqual(newestFirst(rows));
    expect(pages[0].items[0]).toMatchObject({ fixed_amount: true, is_disabled: false, collections_total: 0 });
  });

  it('continues the digital items list on /api/donation-link, and donation links there too', async () => {
    const items = [
      ...(await seed('digital_item', Array(8).fill('2026-02-01 09:30:00.000000'))),
      ...(await seed('digital_item', minutes('08', 17))),
    ];
    await seed('digital_item', ['2026-02-02 00:00:00.000000'], true);
    const first = (await get(t, pager, '/api/donation-link/get_digital_items')).json().data;
    expect(first).toMatchObject({ totalItems: 25, totalPages: 2, nextCursor: expect.any(String) });
    expect(first.items).toHaveLength(20);

    const next = await get(t, pager, `/api/donation-link?cursor=${first.nextCursor}`);
    expect(next.statusCode).toBe(200);
    const second = next.json().data;
    expect(second).toMatchObject({ totalItems: 25, totalPages: 2, nextCursor: null });
    expect(second.items).toHaveLength(5);
    expect(second.items[0]).toMatchObject({ price: expect.any(Number), file: 'uploads/seed.pdf', category: expect.any(String) });
    expect([...first.items, ...second.items].map((item: { id: string }) => item.id)).toEqual(newestFirst(items));

    // Donation links: one seeded earlier, 20 more, so their second page comes from the same URL.
    const donations = [...earlyDonations, ...(await seed('donation_link', minutes('07', 20)))];
    const pages = await walk('/api/donation-link', '/api/donation-link');
    expect(pages.map((page) => page.items.length)).toEqual([20, 1]);
    for (const page of pages) expect(page).toMatchObject({ totalItems: 21, totalPages: 2 });
    expect(pages[0].items[0]).toMatchObject({ target: expect.any(Number), type: 'public' });
    expect(pages[0].items[0]).not.toHaveProperty('file');
    expect(pages.flatMap((page) => page.items.map((item: { id: string }) => item.id))).toEqual(newestFirst(donations));

    // Each list's cursor belongs to its list: a digital items cursor is refused on payment links, and the reverse.
    const wrong = [
      `/api/payment-link?cursor=${first.nextCursor}`,
      `/api/donation-link/get_digital_items?cursor=${pages[0].nextCursor}`,
    ];
    for (const url of wrong) {
      const res = await get(t, pager, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual(error(M.invalidCursor));
    }
  });

  it.each([
    ['not base64 JSON', 'abc'],
    ['a JSON object', Buffer.from('{"a":1}').toString('base64url')],
    ['a bad timestamp', encodeCursor({ scope: 'payment_link', createdAt: 'yesterday', id: UNKNOWN_ID })],
    ['a bad id', encodeCursor({ scope: 'payment_link', createdAt: '2026-03-01 12:00:00+00', id: "1' or 1=1" })],
    ['an unknown list', encodeCursor({ scope: 'collections', createdAt: '2026-03-01 12:00:00+00', id: UNKNOWN_ID })],
  ])('answers 400 to a cursor that is %s', async (_, cursor) => {
    const res = await get(t, pager, `/api/payment-link?cursor=${encodeURIComponent(cursor)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(M.invalidCursor));
  });

  it('reads an empty ?cursor= as the first page', async () => {
    const res = await get(t, pager, '/api/payment-link?cursor=');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ totalItems: 45, lastCursor: expect.any(String) });
    expect(res.json().data.items).toHaveLength(20);
  });
});
