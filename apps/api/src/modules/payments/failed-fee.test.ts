/**
 * A failed collection takes no fee, and every place that shows one agrees: the /v1 collection, the dashboard's
 * collections list and Collections Received.xlsx (fee 0 and net 0), while a successful one shows the fee it kept.
 */
import type { ApiCollection } from '@sente/contracts/merchant-api-objects';
import type { CollectionRow } from '@sente/contracts/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as failedCollectionsTakeNoFee } from '../../db/migrations/2026_11_27_029_failed_collections_take_no_fee.ts';
import { get } from '../../testing/http.ts';
import { apiKeysOf, createCollection, MERCHANT_API_ENV, pollUntil } from '../../testing/merchant-api.ts';
import { createMerchant, type Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { readWorkbook } from '../../testing/transfers-more.ts';

let t: TestApp;
let merchant: Merchant;
let key: string;

beforeAll(async () => {
  t = await createTestApp(MERCHANT_API_ENV);
  merchant = await createMerchant(t, 'Gulu Grains');
  key = (await apiKeysOf(t, merchant)).test_key;
}, 60_000);
afterAll(() => t?.close());

const settled = (collection: ApiCollection) => collection.status !== 'pending';

/** A collection of 10,000 UGX through /v1, once the simulator decided it (a number ending 0001 fails). */
async function collected(phone: string, reference: string): Promise<ApiCollection> {
  const created = await createCollection(t, key, { amount: 10_000, phone, channel: 'MTN_UG', reference });
  return pollUntil<ApiCollection>(t, key, `/collections/${created.id}`, settled);
}

describe("a collection's fee", () => {
  let failed: ApiCollection;
  let successful: ApiCollection;

  beforeAll(async () => {
    [failed, successful] = await Promise.all([collected('0772000001', 'failed'), collected('0772123456', 'paid')]);
  });

  it('is none on a failed collection and kept on a successful one, on /v1', () => {
    expect([failed.status, failed.fee]).toEqual(['failed', 0]);
    expect([successful.status, successful.fee]).toEqual(['successful', 300]);
  });

  it('reads the same in the dashboard list', async () => {
    const items = (await get(t, merchant, '/api/collections')).json().data.items as CollectionRow[];
    const fees = Object.fromEntries(items.map((item) => [item.id, item.fee]));
    expect(fees).toEqual({ [failed.id]: 0, [successful.id]: 300 });
  });

  it('reads the same in Collections Received.xlsx, with the net the wallet got', async () => {
    const sheet = (await readWorkbook((await get(t, merchant, '/api/collections/download')).rawPayload)).worksheets[0]!;
    const headers = sheet.getRow(1).values as unknown[];
    const [status, fee, net] = ['Status', 'Fee', 'Net'].map((header) => headers.indexOf(header));
    const rows = [];
    for (let row = 2; row <= sheet.rowCount; row++) {
      const cells = sheet.getRow(row).values as unknown[];
      rows.push([cells[status!], cells[fee!], cells[net!]]);
    }
    expect(rows.sort()).toEqual([
      ['failed', 0, 0],
      ['successful', 300, 9_700],
    ]);
  });

  it('is none in the data itself, so any reader of the row agrees', async () => {
    const row = await t.database.db.selectFrom('collections').select('fee').where('id', '=', failed.id).executeTakeFirstOrThrow();
    expect(Number(row.fee)).toBe(0);
  });

  it('is taken back from the collections that failed before, by migration 029', async () => {
    const fee = async (id: string) =>
      Number((await t.database.db.selectFrom('collections').select('fee').where('id', '=', id).executeTakeFirstOrThrow()).fee);
    await t.database.db.updateTable('collections').set({ fee: 300 }).where('id', '=', failed.id).execute();
    await failedCollectionsTakeNoFee(t.database.db);
    expect([await fee(failed.id), await fee(successful.id)]).toEqual([0, 300]);
  });
});
