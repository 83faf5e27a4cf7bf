/** GET /api/search, the header search: grouped, at most 5 of each, newest first, in the caller's account and mode. */
import { FIND_MESSAGES as F, SEARCH_GROUP_SIZE } from '@sente/contracts/filters';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollection } from '../../testing/find-fixtures.ts';
import { get } from '../../testing/http.ts';
import { createPaymentLink, getData, type Merchant, payId } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fundWallet, p2p, setPin, WALLET_ENV } from '../../testing/transfers.ts';
import { createNamedMerchant, useEnvironment } from '../../testing/transfers-more.ts';

let t: TestApp;
let shop: Merchant;
let other: Merchant;
let link: { id: string; ref: string };

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  [shop, other] = await Promise.all([
    createNamedMerchant(t, 'Search Shop', { firstname: 'Joan', lastname: 'Kato' }),
    createNamedMerchant(t, 'Other Search Shop', { firstname: 'Sam', lastname: 'Lule' }),
  ]);
  link = await createPaymentLink(t, shop, { title: 'Wasswa Academy fees' });
  await createPaymentLink(t, other, { title: 'Wasswa elsewhere' });
  // Seven payments by Wasswas through the link (seven customers), and one by someone else.
  for (let i = 0; i < 7; i++) await payId(t, link.ref, { names: `Wasswa ${i}`, phone: `07721230${String(i).padStart(2, '0')}` });
  await payId(t, link.ref, { names: 'Nakato Grace', phone: '0772999888' });
  await t.app.services.jobs.runDue();
  await insertCollection(t, other.accountId, { names: 'Wasswa Other', at: '2026-11-21T09:00:00+03:00', msisdn: '256772123000' });
  await insertCollection(t, shop.accountId, {
    names: 'Wasswa Live',
    at: '2026-11-21T09:00:00+03:00',
    msisdn: '256772123000',
    environment: 'production',
  });
  await fundWallet(t, shop, 100_000);
  await setPin(t, shop);
  await p2p(t, shop, other, 1_000, { reason: 'Wasswa supplies' });
});
afterAll(() => t?.close());

const search = (q: string, who = shop) => getData(t, who, `/api/search?q=${encodeURIComponent(q)}`);
const namesOf = (rows: { names?: string; customer?: { names: string } }[]) => rows.map((row) => row.customer?.names ?? row.names);

describe('GET /api/search', () => {
  it('answers each kind grouped, at most 5 of each, newest first', async () => {
    const found = await search('wasswa');
    expect(namesOf(found.collections)).toEqual(['Wasswa 6', 'Wasswa 5', 'Wasswa 4', 'Wasswa 3', 'Wasswa 2']);
    expect(found.collections).toHaveLength(SEARCH_GROUP_SIZE);
    expect(namesOf(found.customers)).toEqual(['Wasswa 6', 'Wasswa 5', 'Wasswa 4', 'Wasswa 3', 'Wasswa 2']);
    expect(found.links).toEqual([{ ref: link.ref, kind: 'payment_link', title: 'Wasswa Academy fees' }]);
    expect(found.transfers.map((row: { reason: string; direction: string }) => [row.reason, row.direction])).toEqual([
      ['Wasswa supplies', 'out'],
    ]);
  });

  it('finds a phone however it is written, among collections and customers', async () => {
    for (const phone of ['0772 123 000', '256772123000', '+256 772 123000', '772123000']) {
      const found = await search(phone);
      expect([phone, namesOf(found.collections), namesOf(found.customers)]).toEqual([phone, ['Wasswa 0'], ['Wasswa 0']]);
    }
  });

  it("finds a link by its ref, and never another account's rows", async () => {
    expect((await search(link.ref)).links).toEqual([{ ref: link.ref, kind: 'payment_link', title: 'Wasswa Academy fees' }]);
    const theirs = await search('wasswa', other);
    expect(namesOf(theirs.collections)).toEqual(['Wasswa Other']);
    expect(theirs.customers).toEqual([]);
    expect(theirs.links.map((row: { title: string }) => row.title)).toEqual(['Wasswa elsewhere']);
    expect(theirs.transfers.map((row: { reason: string; direction: string }) => [row.reason, row.direction])).toEqual([
      ['Wasswa supplies', 'in'],
    ]);
    expect(await search('Other')).toEqual({ collections: [], customers: [], links: [], transfers: [] });
  });

  it('refuses a search shorter than 2 characters or longer than 100', async () => {
    for (const q of ['', ' a ', 'x'.repeat(101)]) {
      const res = await get(t, shop, `/api/search?q=${q}`);
      expect([res.statusCode, res.json().message]).toEqual([400, q.length > 100 ? F.searchTooLong : F.searchTooShort]);
    }
    expect((await get(t, shop, '/api/search')).json().message).toBe(F.searchTooShort);
  });

  it('follows the active environment: live mode finds its own collections only', async () => {
    await useEnvironment(t, shop, 'production');
    const found = await search('wasswa');
    expect(namesOf(found.collections)).toEqual(['Wasswa Live']);
    expect(found.customers).toEqual([]);
    expect(found.transfers).toEqual([]);
    expect(found.links).toHaveLength(1);
  });
});

describe('GET /api/search with a part of a phone or of an e-mail', () => {
  let ruthShop: Merchant;
  let nextDoor: Merchant;
  beforeAll(async () => {
    [ruthShop, nextDoor] = await Promise.all([
      createNamedMerchant(t, 'Ruth Search Shop', { firstname: 'Ruth', lastname: 'Shop' }),
      createNamedMerchant(t, 'Ruth Next Door', { firstname: 'Next', lastname: 'Door' }),
    ]);
    for (const [merchant, names] of [
      [ruthShop, 'Ruth Namutebi'],
      [nextDoor, 'Ruth Other'],
    ] as const) {
      const { ref } = await createPaymentLink(t, merchant, { title: 'Fees' });
      await payId(t, ref, { names, phone: '0772111222', email: 'ruth@example.co.ug' });
    }
    await t.app.services.jobs.runDue();
  });

  it("finds collections and customers by a phone's last 6 digits, with or without spaces, and a part of an e-mail", async () => {
    for (const q of ['111 222', '111222', 'ruth@', 'example.co']) {
      const found = await search(q, ruthShop);
      expect([q, namesOf(found.collections), namesOf(found.customers)]).toEqual([q, ['Ruth Namutebi'], ['Ruth Namutebi']]);
      const list = await getData(t, ruthShop, `/api/collections?q=${encodeURIComponent(q)}`);
      expect([q, namesOf(list.items)]).toEqual([q, ['Ruth Namutebi']]);
    }
    const theirs = await search('111 222', nextDoor);
    expect([namesOf(theirs.collections), namesOf(theirs.customers)]).toEqual([['Ruth Other'], ['Ruth Other']]);
    expect(await search('111222')).toEqual({ collections: [], customers: [], links: [], transfers: [] });
  });
});
