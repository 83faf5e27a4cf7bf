import { FIND_MESSAGES as F, FILTER_COUNT_CAP, TEXT_SEARCH_COUNT_CAP } from '@sente/contracts/filters';
import { LINK_MESSAGES, MESSAGES } from '@sente/contracts/messages';
import { PAYMENT_STATES } from '@sente/contracts/payment-states';
import { PAYMENT_CHANNELS } from '@sente/contracts/payments';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollection } from '../../testing/find-fixtures.ts';
import { createMerchant, createPaymentLink, getData, type Merchant, PAYMENTS_ENV } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { useEnvironment } from '../../testing/transfers-more.ts';
import { bearer } from '../../testing/users.ts';

let t: TestApp;
let shop: Merchant;
let other: Merchant;
let fees: { id: string; ref: string };
let otherLink: { id: string; ref: string };
/** The shop's collections by name; each test reads the answer's names, newest first. */
const id: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp(PAYMENTS_ENV);
  [shop, other] = await Promise.all([createMerchant(t, 'Find Shop'), createMerchant(t, 'Other Find Shop')]);
  fees = await createPaymentLink(t, shop, { title: 'School fees' });
  otherLink = await createPaymentLink(t, other, { title: 'Other fees' });
  const rows = [
    // The last minute of 20 November in Kampala, and the first of the 21st.
    {
      names: 'Okello John',
      at: '2026-11-20T23:59:00+03:00',
      msisdn: '256772123456',
      linkId: fees.id,
      transactionId: 'SNTFIND0001',
    },
    {
      names: 'Nakato Grace',
      at: '2026-11-21T00:00:00+03:00',
      msisdn: '256701000002',
      channel: 'AIRTEL',
      status: 'failed',
      reference: 'INV-7',
    },
    { names: 'okello mary', at: '2026-11-21T12:00:00+03:00', msisdn: '256772999999', status: 'pending', linkId: fees.id },
    { names: 'Card Payer 100%', at: '2026-11-22T10:00:00+03:00', channel: 'CARD' },
  ] as const;
  for (const row of rows) id[row.names] = await insertCollection(t, shop.accountId, row);
  // The same phone and name in the shop's live mode, and in another account (with the same reference).
  await insertCollection(t, shop.accountId, {
    names: 'Okello Live',
    at: '2026-11-21T09:00:00+03:00',
    msisdn: '256772123456',
    environment: 'production',
  });
  await insertCollection(t, other.accountId, {
    names: 'Okello Other',
    at: '2026-11-21T09:00:00+03:00',
    msisdn: '256772123456',
    linkId: otherLink.id,
    reference: 'INV-7',
    transactionId: 'SNTFIND0099',
  });
});
afterAll(() => t.close());

const get = (who: Merchant, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(who.accessToken) });
const names = async (query: string, who = shop) =>
  (await getData(t, who, `/api/collections?${query}`)).items.map((item: { customer: { names: string } }) => item.customer.names);

describe('GET /api/collections filtered', () => {
  it('filters by status, channel and link, and counts what the filter matches', async () => {
    const page = await getData(t, shop, '/api/collections?status=successful');
    expect(page.items.map((item: { id: string }) => item.id)).toEqual([id['Card Payer 100%'], id['Okello John']]);
    expect(page).toMatchObject({ totalItems: 2, totalPages: 1, totalCapped: false, nextCursor: null });
    expect(await names('channel=AIRTEL')).toEqual(['Nakato Grace']);
    expect(await names('channel=CARD')).toEqual(['Card Payer 100%']);
    expect(await names(`link=${fees.ref}`)).toEqual(['okello mary', 'Okello John']);
    expect((await getData(t, shop, '/api/collections')).totalItems).toBe(4);
  });

  it('finds nothing for a link the account does not have, its own or unknown, without an error', async () => {
    expect(await names(`link=${otherLink.ref}`)).toEqual([]);
    expect(await names('link=nosuchref')).toEqual([]);
    expect((await getData(t, shop, '/api/collections?link=nosuchref')).totalItems).toBe(0);
  });

  it('reads from and to as whole Kampala days, both inclusive: 23:59 and 00:00 fall on their own days', async () => {
    expect(await names('from=2026-11-20&to=2026-11-20')).toEqual(['Okello John']);
    expect(await names('from=2026-11-21&to=2026-11-21')).toEqual(['okello mary', 'Nakato Grace']);
    expect(await names('from=2026-11-22')).toEqual(['Card Payer 100%']);
    expect(await names('to=2026-11-20')).toEqual(['Okello John']);
  });

  it('finds a phone however it is written, in this account and mode only', async () => {
    for (const phone of ['0772 123 456', '256772123456', '+256 772 123456', '772123456']) {
      expect(await names(`q=${encodeURIComponent(phone)}`)).toEqual(['Okello John']);
    }
  });

  it('finds part of a name in any case, a transaction ID and a reference, exactly', async () => {
    expect(await names('q=KELLO')).toEqual(['okello mary', 'Okello John']);
    expect(await names('q=SNTFIND0001')).toEqual(['Okello John']);
    expect(await names('q=sntfind0001')).toEqual(['Okello John']);
    expect(await names('q=SNTFIND000')).toEqual([]);
    expect(await names('q=INV-7')).toEqual(['Nakato Grace']);
    expect(await names('q=SNTFIND0099')).toEqual([]);
    // LIKE's wildcards are plain characters.
    expect(await names(`q=${encodeURIComponent('100%')}`)).toEqual(['Card Payer 100%']);
    expect(await names(`q=${encodeURIComponent('_')}`)).toEqual([]);
  });

  it('finds a name by its words in any order and spacing', async () => {
    expect(await names('q=Grace%20Nakato')).toEqual(['Nakato Grace']);
    expect(await names(`q=${encodeURIComponent(' grace   NAKATO ')}`)).toEqual(['Nakato Grace']);
    expect(await names('q=john%20okel')).toEqual(['Okello John']);
    expect(await names('q=Grace%20Okello')).toEqual([]);
  });

  it('combines the filters', async () => {
    expect(await names(`status=successful&link=${fees.ref}&from=2026-11-20&to=2026-11-21&q=okello`)).toEqual(['Okello John']);
    expect(await names(`status=pending&link=${fees.ref}&q=okello`)).toEqual(['okello mary']);
    expect(await names('status=failed&channel=MTN_UG')).toEqual([]);
  });

  it('takes a cursor of another filter as a place in the list: it never shows a row the filter does not match', async () => {
    const okellos = await getData(t, shop, '/api/collections?q=okello');
    const cursor = okellos.items[0].id === id['okello mary'] ? okellos.lastCursor : null;
    expect(cursor).not.toBeNull();
    expect(await names(`status=successful&cursor=${cursor}`)).toEqual([]);
    expect(await names(`status=failed&cursor=${(await getData(t, shop, '/api/collections?channel=CARD')).lastCursor}`)).toEqual([
      'Nakato Grace',
    ]);
  });

  it('refuses wrong values with a message', async () => {
    const refusals: [string, string][] = [
      ['status=paid', F.statusInvalid(PAYMENT_STATES)],
      ['channel=MPESA', F.channelInvalid(PAYMENT_CHANNELS)],
      ['from=2026-02-30', F.dateInvalid('from')],
      ['to=21-11-2026', F.dateInvalid('to')],
      ['from=2026-11-22&to=2026-11-21', F.datesInverted],
      [`q=${'x'.repeat(101)}`, F.searchTooLong],
      [`link=${'x'.repeat(41)}`, F.linkInvalid],
      ['q=ab%00cd', MESSAGES.invalidCharacter('q')],
      ['cursor=garbage', LINK_MESSAGES.invalidCursor],
      ['status=successful&status=failed', F.statusInvalid(PAYMENT_STATES)],
    ];
    for (const [query, message] of refusals) {
      const res = await get(shop, `/api/collections?${query}`);
      expect([query, res.statusCode, res.json().message]).toEqual([query, 400, message]);
    }
    // A URL cannot carry a lone surrogate: its UTF-8 bytes decode to replacement characters, which find nothing.
    expect(await names('q=%ED%A0%80')).toEqual([]);
  });

  it('downloads what the filter shows', async () => {
    const res = await get(shop, `/api/collections/download?link=${fees.ref}&q=okello`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Collections Received.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Collections')!;
    expect(sheet.getColumn(3).values.slice(2)).toEqual(['okello mary', 'Okello John']);
    const refused = await get(shop, '/api/collections/download?from=2026-11-22&to=2026-11-21');
    expect([refused.statusCode, refused.json().message]).toEqual([400, F.datesInverted]);
  });

  it(`counts a filter's matches up to ${FILTER_COUNT_CAP} and says so past it`, async () => {
    const busy = await createMerchant(t, 'Busy Find Shop');
    await sql`insert into collections (account_id, environment, amount, fee, channel, msisdn, names, extra_data, status,
                                        transaction_id, provider, expires_at, created_at, updated_at)
              select ${busy.accountId}, 'test', 1000, 30, 'MTN_UG', '256772000001', 'Bulk Payer', '[]'::jsonb, 'successful',
                     'SNTBULK' || n, 'simulator', now(), now() - n * interval '1 second', now()
              from generate_series(1, ${FILTER_COUNT_CAP + 1}) n`.execute(t.database.db);
    const page = await getData(t, busy, '/api/collections?status=successful');
    expect(page).toMatchObject({ totalItems: FILTER_COUNT_CAP, totalPages: FILTER_COUNT_CAP / 20, totalCapped: true });
    expect(page.items).toHaveLength(20);
    expect((await getData(t, busy, '/api/collections?status=failed')).totalItems).toBe(0);
    // A part of a name stops counting at TEXT_SEARCH_COUNT_CAP; a phone counts as the other filters do.
    expect(await getData(t, busy, '/api/collections?q=bulk')).toMatchObject({
      totalItems: TEXT_SEARCH_COUNT_CAP,
      totalCapped: true,
    });
    expect(await getData(t, busy, '/api/collections?q=0772000001')).toMatchObject({
      totalItems: FILTER_COUNT_CAP,
      totalCapped: true,
    });
  });

  it('follows the active environment: live mode finds its own collections only', async () => {
    await useEnvironment(t, shop, 'production');
    expect(await names('q=0772123456')).toEqual(['Okello Live']);
    expect(await names('q=okello')).toEqual(['Okello Live']);
    expect(await names('status=failed')).toEqual([]);
  });
});
