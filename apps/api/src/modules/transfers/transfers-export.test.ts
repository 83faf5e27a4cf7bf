/**
 * Why a transfer did not go through, and where a payout went, as the settlements spreadsheet
 * (GET /api/collections/smt_download) and the transfers list show it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get } from '../../testing/http.ts';
import type { Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { payout, requestSettlement, saveBankDetails, transferRow, WALLET_ENV } from '../../testing/transfers.ts';
import { createAlice, readWorkbook } from '../../testing/transfers-more.ts';

let t: TestApp;
/** Requests three settlements; the operator rejects one and pays one. */
let alice: Merchant;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  alice = await createAlice(t);
  await saveBankDetails(t, alice);
});
afterAll(() => t?.close());

async function settlementId(reason: string, amount: number): Promise<string> {
  const res = await requestSettlement(t, alice, amount, { reason });
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

describe('the Failure reason column of Transfers.xlsx', () => {
  it("carries the operator's reason for a rejected settlement, and nothing for a paid or pending one", async () => {
    const rejected = await settlementId('April takings', 6_000);
    const paid = await settlementId('March takings', 5_000);
    await settlementId('May takings', 4_000);
    expect(await t.app.services.transfers.rejectSettlement(rejected, 'The bank account is closed')).toBe(true);
    expect(await t.app.services.transfers.approveSettlement(paid)).toBe(true);

    const res = await get(t, alice, '/api/collections/smt_download');
    expect(res.statusCode).toBe(200);
    const sheet = (await readWorkbook(res.rawPayload)).getWorksheet('Transfers')!;
    const headers = sheet.getRow(1).values as unknown[];
    const reasonColumn = headers.indexOf('Reason');
    const statusColumn = headers.indexOf('Status');
    const failureColumn = headers.indexOf('Failure reason');
    expect(failureColumn).toBeGreaterThan(0);

    const byReason = new Map<unknown, { status: unknown; failure: unknown }>();
    for (let row = 2; row <= sheet.rowCount; row++) {
      const cells = sheet.getRow(row).values as unknown[];
      byReason.set(cells[reasonColumn], { status: cells[statusColumn], failure: cells[failureColumn] });
    }
    expect(byReason.get('April takings')).toEqual({ status: 'rejected', failure: 'The bank account is closed' });
    expect(byReason.get('March takings')).toEqual({ status: 'successful', failure: undefined });
    expect(byReason.get('May takings')).toEqual({ status: 'pending', failure: undefined });
  });
});

describe('the receiver phone of a payout (decisions 036, 079)', () => {
  it('is shown in one international form in the list and kept in its local form in the spreadsheet, however it was typed', async () => {
    const typed = { local: '0772555777', international: '+256 772-555-123' };
    const ids: Record<string, string> = {};
    for (const [how, phone] of Object.entries(typed)) {
      const res = await payout(t, alice, 1_000, phone, { narrative: `Payout typed ${how}` });
      expect(res.statusCode).toBe(201);
      ids[how] = res.json().data.id;
    }
    expect((await transferRow(t, alice, ids.local!))?.counterparty).toBe('+256 772 555 777');
    expect((await transferRow(t, alice, ids.international!))?.counterparty).toBe('+256 772 555 123');

    const sheet = (await readWorkbook((await get(t, alice, '/api/collections/smt_download')).rawPayload)).getWorksheet(
      'Transfers',
    )!;
    const headers = sheet.getRow(1).values as unknown[];
    const toColumn = headers.indexOf('To / From');
    const reasonColumn = headers.indexOf('Reason');
    const shown = new Map<unknown, unknown>();
    for (let row = 2; row <= sheet.rowCount; row++) {
      const cells = sheet.getRow(row).values as unknown[];
      shown.set(cells[reasonColumn], cells[toColumn]);
    }
    expect(shown.get('Payout typed local')).toBe('0772 555 777');
    expect(shown.get('Payout typed international')).toBe('0772 555 123');
  });
});
