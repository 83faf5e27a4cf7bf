import { LINK_MESSAGES } from '@sente/contracts/messages';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../../testing/http.ts';
import { createMerchant, createPaymentLink, getData, type Merchant, PAYMENTS_ENV, payId } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { readWorkbook } from '../../testing/transfers-more.ts';
import { EXPORT_BATCH } from './export.ts';

/** More than the 500 the live page used to stop at, and more than one export batch. */
const BULK = EXPORT_BATCH + 150;
const FIELDS = [
  { type: 'text', label: 'Student', options: [] },
  { type: 'radio', label: 'Term', options: ['Term 1', 'Term 2'] },
];

let t: TestApp;
let merchant: Merchant;
let link: { id: string; ref: string };
/** A second link with three pages of collections, to walk. */
let trip: { id: string; ref: string };
/** The trip's collections, newest first, as the database orders them. */
let expectedTripIds: string[];

/**
 * Failed collections on a link, written straight to the table (thousands through the API would take minutes). Three
 * rows share each second, so pages end inside a run of equal created_at and only the id tells them apart. The last
 * 50 answer a field the link no longer has (an edited link), which the export keeps under 'Other details'.
 */
async function insertBulk(linkId: string, count: number) {
  await sql`
    insert into collections (account_id, environment, link_id, amount, fee, channel, msisdn, names, extra_data, status,
      status_message, transaction_id, provider, expires_at, created_at)
    select ${merchant.accountId}::uuid, 'test', ${linkId}::uuid, 1000 + g, 0, 'MTN_UG', '256772' || lpad(g::text, 6, '0'),
      'Bulk ' || g,
      case when g > ${count - 50} then jsonb_build_array(jsonb_build_object('label', 'Old field', 'value', 'Old ' || g))
        else jsonb_build_array(jsonb_build_object('label', 'Student', 'value', 'Pupil ' || g),
          jsonb_build_object('label', 'Term', 'value', 'Term 1')) end,
      'failed', 'Insufficient balance', 'BULK-' || ${linkId}::text || '-' || g, 'simulator', now(),
      now() - interval '1 hour' - (g / 3) * interval '1 second'
    from generate_series(1, ${count}) g`.execute(t.database.db);
}

beforeAll(async () => {
  t = await createTestApp(PAYMENTS_ENV);
  merchant = await createMerchant(t, 'Bulk School');
  link = await createPaymentLink(t, merchant, { title: 'Fees', fixed_amount: false, amount: 0, extra_fields: FIELDS });
  // One paid through the API, so the bulk rows below sit beside a real one.
  await payId(t, link.ref, {
    amount: 5000,
    extra_data: [
      { label: 'Student', value: 'Real Payer' },
      { label: 'Term', value: 'Term 2' },
    ],
  });
  await t.app.services.jobs.runDue();
  await insertBulk(link.id, BULK);
  trip = await createPaymentLink(t, merchant, { title: 'Trip', fixed_amount: false, amount: 0 });
  await insertBulk(trip.id, 45);
  const rows = await t.database.db
    .selectFrom('collections')
    .select('id')
    .where('link_id', '=', trip.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  expectedTripIds = rows.map((row) => row.id);
}, 60_000);
afterAll(() => t?.close());

describe('GET /api/payment-link/collections/:ref, paged', () => {
  it('answers the link, its successful total and the first page of its collections', async () => {
    const first = await getData(t, merchant, `/api/payment-link/collections/${link.ref}`);
    expect(first).toMatchObject({
      link: { ref: link.ref, title: 'Fees', extra_fields: FIELDS },
      total_successful: 5000,
      totalItems: BULK + 1,
      totalPages: Math.ceil((BULK + 1) / 20),
    });
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).toBe(first.lastCursor);
    expect(first.items[0].extra_data).toEqual([
      { label: 'Student', value: 'Real Payer' },
      { label: 'Term', value: 'Term 2' },
    ]);
  });

  it('walks the whole history in keyset pages: every collection once, newest first, the link on every page', async () => {
    const ids: string[] = [];
    let page = await getData(t, merchant, `/api/payment-link/collections/${trip.ref}`);
    let pages = 1;
    ids.push(...page.items.map((item: { id: string }) => item.id));
    while (page.nextCursor) {
      page = await getData(t, merchant, `/api/payment-link/collections/${trip.ref}?cursor=${page.nextCursor}`);
      pages++;
      expect(page).toMatchObject({ link: { ref: trip.ref, title: 'Trip' }, totalItems: 45, totalPages: 3 });
      ids.push(...page.items.map((item: { id: string }) => item.id));
    }
    expect(pages).toBe(3);
    expect(ids).toEqual(expectedTripIds);
  });

  it('refuses a malformed cursor and a cursor of another list', async () => {
    const collections = await getData(t, merchant, '/api/collections');
    for (const cursor of ['garbage', collections.nextCursor]) {
      const res = await get(t, merchant, `/api/payment-link/collections/${link.ref}?cursor=${cursor}`);
      expect([res.statusCode, res.json().message]).toEqual([400, LINK_MESSAGES.invalidCursor]);
    }
  });
});

describe('GET /api/payment-link/collections/:ref/download', () => {
  it('streams every collection of the link, past 500 and past one batch, with a column per extra field', async () => {
    const res = await get(t, merchant, `/api/payment-link/collections/${link.ref}/download`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Collections ${link.ref}.xlsx"`);
    const sheet = (await readWorkbook(res.rawPayload)).getWorksheet('Collections')!;
    expect(sheet.rowCount).toBe(BULK + 2);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Date (EAT)',
      'Phone/Card',
      'Names',
      'Email',
      'Currency',
      'Amount',
      'Fee',
      'Net',
      'Channel',
      'Transaction ID',
      'Status',
      'Student',
      'Term',
      'Other details',
      'Refunded',
      'Refund pending',
    ]);
    const cells = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(cells(2).slice(2, 3)).toEqual(['Okello John']);
    expect(cells(2).slice(10, 13)).toEqual(['successful', 'Real Payer', 'Term 2']);
    const names = Array.from({ length: BULK + 1 }, (_, i) => sheet.getRow(i + 2).getCell(3).value);
    expect(new Set(names).size).toBe(BULK + 1);
    const bulk = (g: number) => cells(names.indexOf(`Bulk ${g}`) + 2);
    expect(bulk(7).slice(1, 13)).toEqual([
      '0772 000 007',
      'Bulk 7',
      undefined,
      'UGX',
      1007,
      0,
      0,
      'MTN Mobile Money',
      `BULK-${link.id}-7`,
      'failed',
      'Pupil 7',
      'Term 1',
    ]);
    // The link no longer asks 'Old field': its answers stay in the export, under Other details.
    expect(bulk(BULK).slice(11, 14)).toEqual([undefined, undefined, `Old field: Old ${BULK}`]);
  }, 60_000);

  it("answers 404 for another account's link and an unknown ref", async () => {
    const other = await createMerchant(t, 'Other School');
    for (const [who, ref] of [
      [other, link.ref],
      [merchant, 'nosuchref1'],
    ] as const) {
      const res = await get(t, who, `/api/payment-link/collections/${ref}/download`);
      expect([res.statusCode, res.json().message]).toEqual([404, LINK_MESSAGES.linkNotFound]);
    }
  });
});
