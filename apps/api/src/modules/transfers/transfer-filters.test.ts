/** The /settlements list narrowed by status, kind and Kampala days (decision 051). */
import { FIND_MESSAGES as F } from '@sente/contracts/filters';
import { TRANSFER_FILTER_STATUSES, TRANSFER_KINDS } from '@sente/contracts/transfers';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../../testing/http.ts';
import { expectLedgerHolds, getData, type Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fundWallet, p2p, payout, requestSettlement, saveBankDetails, setPin, WALLET_ENV } from '../../testing/transfers.ts';
import { createNamedMerchant, readWorkbook } from '../../testing/transfers-more.ts';

let t: TestApp;
let kato: Merchant;
let lule: Merchant;
const made = { sent: '', received: '', settlement: '', payout: '' };

/** Moves a transfer to an instant, so the test controls the Kampala day it falls on. */
const dated = (id: string, at: string) =>
  sql`update transfers set created_at = ${at}::timestamptz where id = ${id}`.execute(t.database.db);

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  [kato, lule] = await Promise.all([
    createNamedMerchant(t, 'Kato Filters', { firstname: 'Joan', lastname: 'Kato' }),
    createNamedMerchant(t, 'Lule Filters', { firstname: 'Sam', lastname: 'Lule' }),
  ]);
  await fundWallet(t, kato, 1_000_000);
  await fundWallet(t, lule, 1_000_000);
  await Promise.all([setPin(t, kato), setPin(t, lule)]);
  await saveBankDetails(t, kato);
  made.sent = (await p2p(t, kato, lule, 10_000, { reason: 'Stock' })).json().data.id;
  made.received = (await p2p(t, lule, kato, 20_000, { reason: 'Refund of stock' })).json().data.id;
  made.settlement = (await requestSettlement(t, kato, 30_000)).json().data.id;
  made.payout = (await payout(t, kato, 5_000, '0772123456')).json().data.id;
  await dated(made.sent, '2026-11-20T23:59:00+03:00');
  await dated(made.received, '2026-11-21T00:00:00+03:00');
  await dated(made.settlement, '2026-11-21T12:00:00+03:00');
  await dated(made.payout, '2026-11-22T08:00:00+03:00');
});
afterAll(async () => {
  await expectLedgerHolds(t);
  await t?.close();
});

const ids = async (query: string, who = kato) =>
  (await getData(t, who, `/api/settlements?${query}`)).items.map((item: { id: string }) => item.id);

describe('GET /api/settlements filtered', () => {
  it('filters by kind and status, on both sides of a wallet transfer, and counts the matches', async () => {
    expect(await ids('kind=wallet_transfer')).toEqual([made.received, made.sent]);
    expect(await ids('kind=settlement')).toEqual([made.settlement]);
    expect(await ids('status=pending')).toEqual([made.payout, made.settlement]);
    expect(await ids('status=successful&kind=wallet_transfer')).toEqual([made.received, made.sent]);
    expect(await ids('status=rejected')).toEqual([]);
    expect((await getData(t, kato, '/api/settlements?status=pending')).totalItems).toBe(2);
    expect((await getData(t, kato, '/api/settlements')).totalItems).toBe(4);
  });

  it('reads from and to as whole Kampala days, both inclusive', async () => {
    expect(await ids('from=2026-11-20&to=2026-11-20')).toEqual([made.sent]);
    expect(await ids('from=2026-11-21&to=2026-11-21')).toEqual([made.settlement, made.received]);
    expect(await ids('from=2026-11-22&kind=payout')).toEqual([made.payout]);
  });

  it('downloads what the filtered list shows; a wrong filter is refused', async () => {
    const sheet = async (query: string) => {
      const res = await get(t, kato, `/api/collections/smt_download?${query}`);
      expect(res.statusCode, query).toBe(200);
      const rows = (await readWorkbook(res.rawPayload)).getWorksheet('Transfers')!.getSheetValues().slice(2);
      return rows.map((row) => (row as unknown[])[2]);
    };
    expect(await sheet('kind=settlement')).toEqual(['Request Transfer']);
    expect(await sheet('from=2026-11-21&to=2026-11-21')).toHaveLength(2);
    expect(await sheet('')).toHaveLength(4);
    expect((await get(t, kato, '/api/collections/smt_download?kind=refunds')).statusCode).toBe(400);
  });

  it("shows another account only its own side: Lule sees the two wallet transfers, never Kato's settlement", async () => {
    expect(await ids('kind=settlement', lule)).toEqual([]);
    expect(await ids('from=2026-11-20&to=2026-11-22', lule)).toEqual([made.received, made.sent]);
  });

  it('refuses wrong values with a message', async () => {
    const refusals: [string, string][] = [
      ['status=failed', F.statusInvalid(TRANSFER_FILTER_STATUSES)],
      ['kind=refunds', F.kindInvalid(TRANSFER_KINDS)],
      ['from=2026-13-01', F.dateInvalid('from')],
      ['from=2026-11-22&to=2026-11-21', F.datesInverted],
    ];
    for (const [query, message] of refusals) {
      const res = await get(t, kato, `/api/settlements?${query}`);
      expect([query, res.statusCode, res.json().message]).toEqual([query, 400, message]);
    }
  });
});
