/** Why a transfer did not go through, as GET /api/settlements shows it to the merchant. */
import { SIMULATOR } from '@sente/contracts/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerHolds, type Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { p2p, payout, requestSettlement, saveBankDetails, transferRow, WALLET_ENV } from '../../testing/transfers.ts';
import { createAliceAndBob } from '../../testing/transfers-more.ts';

let t: TestApp;
/** Sends, settles and pays out; owner Grace Namutebi. */
let alice: Merchant;
/** Receives Alice's wallet transfer. */
let bob: Merchant;

beforeAll(async () => {
  // The app's own worker reports the simulated payouts (at once: WALLET_ENV has no simulator delay).
  t = await createTestApp({ ...WALLET_ENV, PAYMENT_WORKER_INTERVAL_MS: '50' });
  ({ alice, bob } = await createAliceAndBob(t));
  await saveBankDetails(t, alice);
});
afterAll(() => t?.close());

/** The reason the database keeps for a transfer, which the list must answer as it is. */
async function storedFailureReason(id: string): Promise<string | null> {
  const row = await t.database.db.selectFrom('transfers').select('failure_reason').where('id', '=', id).executeTakeFirstOrThrow();
  return row.failure_reason;
}

async function idOf(res: { statusCode: number; json: () => { data: { id: string } } }): Promise<string> {
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

describe('failure_reason in GET /api/settlements', () => {
  afterAll(() => expectLedgerHolds(t));

  it("answers the operator's reason for a rejected settlement and null for a paid or pending one", async () => {
    const rejected = await idOf(await requestSettlement(t, alice, 6_000, { reason: 'April takings' }));
    const paid = await idOf(await requestSettlement(t, alice, 5_000, { reason: 'March takings' }));
    const pending = await idOf(await requestSettlement(t, alice, 4_000, { reason: 'May takings' }));
    expect(await t.app.services.transfers.rejectSettlement(rejected, 'The bank account is closed')).toBe(true);
    expect(await t.app.services.transfers.approveSettlement(paid)).toBe(true);

    expect(await transferRow(t, alice, rejected)).toMatchObject({
      kind: 'settlement',
      status: 'rejected',
      reason: 'April takings',
      failure_reason: 'The bank account is closed',
    });
    expect(await transferRow(t, alice, paid)).toMatchObject({ status: 'successful', failure_reason: null });
    expect(await transferRow(t, alice, pending)).toMatchObject({ status: 'pending', failure_reason: null });
  });

  it("answers the provider's reason for a failed payout and null for a paid one", async () => {
    const failed = await idOf(await payout(t, alice, 40_000, `077212${SIMULATOR.failSuffix}`));
    const paid = await idOf(await payout(t, alice, 30_000, '0772123456'));
    const statusOf = async (id: string) => (await transferRow(t, alice, id))?.status;
    await expect.poll(() => statusOf(failed), { timeout: 10_000 }).toBe('rejected');
    await expect.poll(() => statusOf(paid), { timeout: 10_000 }).toBe('successful');

    const reason = await storedFailureReason(failed);
    expect(reason).toEqual(expect.stringMatching(/\S/));
    expect(await transferRow(t, alice, failed)).toMatchObject({ kind: 'payout', status: 'rejected', failure_reason: reason });
    expect(await transferRow(t, alice, paid)).toMatchObject({ kind: 'payout', status: 'successful', failure_reason: null });
  });

  it('answers null for a wallet transfer, on the side that sent it and the side that received it', async () => {
    const id = await idOf(await p2p(t, alice, bob, 1_000));
    expect(await transferRow(t, alice, id)).toMatchObject({ direction: 'out', status: 'successful', failure_reason: null });
    expect(await transferRow(t, bob, id)).toMatchObject({ direction: 'in', status: 'successful', failure_reason: null });
  });
});
