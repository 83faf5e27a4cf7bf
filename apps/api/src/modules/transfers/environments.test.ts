/** Test and live money stay apart: what a merchant sees and may send in production. */
import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, get, post } from '../../testing/http.ts';
import { expectLedgerHolds, getData, type Merchant, ugxBalances } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  fundWallet,
  p2p,
  pinToken,
  requestSettlement,
  saveBankDetails,
  setPin,
  settlementsPage,
  WALLET_ENV,
} from '../../testing/transfers.ts';
import { createBob, createNamedMerchant, moneySnapshot, readWorkbook, useEnvironment } from '../../testing/transfers-more.ts';

let t: TestApp;
/** Sends in test mode, then switches to production. */
let nankya: Merchant;
/** Receives. */
let bob: Merchant;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  [nankya, bob] = await Promise.all([
    createNamedMerchant(t, 'Nankya Crafts', { firstname: 'Esther', lastname: 'Nankya' }),
    createBob(t),
  ]);
  await fundWallet(t, nankya, 200_000);
  await setPin(t, nankya);
});
afterAll(() => t?.close());

describe('environments: test transfers stay in test', () => {
  afterAll(() => expectLedgerHolds(t));

  it('in production the list and export are empty, the live balances never moved, and nothing can be sent', async () => {
    const sent = await p2p(t, nankya, bob, 10_000, { reason: 'Test order' });
    expect(sent.statusCode).toBe(201);
    await saveBankDetails(t, nankya);
    const testBalance = (await ugxBalances(t, nankya.accountId)).test;

    await useEnvironment(t, nankya, 'production');
    expect(await settlementsPage(t, nankya)).toMatchObject({ items: [], totalItems: 0 });
    const exported = await get(t, nankya, '/api/collections/smt_download');
    expect((await readWorkbook(exported.rawPayload)).getWorksheet('Transfers')!.rowCount).toBe(1);
    expect((await getData(t, nankya, '/api/wallet/charges')).current_balance).toBe(0);
    expect((await getData(t, nankya, '/api/user/profile')).current_account.userWallet).toEqual({
      current_balance: 0,
      current_balance_sand_box: testBalance,
    });
    expect((await ugxBalances(t, nankya.accountId)).production).toBe(0);
    expect((await ugxBalances(t, bob.accountId)).production).toBe(0);

    const before = await moneySnapshot(t, nankya.accountId, bob.accountId);
    const token = await pinToken(t, nankya);
    expect(answer(await p2p(t, nankya, bob, 1000, { token, env: 'test' }))).toEqual([400, M.envMismatch]);
    expect(answer(await p2p(t, nankya, bob, 1000, { token, env: 'prod' }))).toEqual([400, M.invalidAmount]);
    expect(answer(await requestSettlement(t, nankya, 1000, { token }))).toEqual([400, M.invalidAmount]);
    const livePayout = {
      creator_id: nankya.userId,
      sente_account_id: nankya.accountId,
      amount: 1000,
      account: '0772123456',
      narrative: 'Supplier',
      pin_token: token,
    };
    expect(answer(await post(t, nankya, '/api/yo/process_payout', { ...livePayout, active_env: 'prod' }))).toEqual([
      400,
      M.liveUnavailable,
    ]);
    expect(answer(await post(t, nankya, '/api/yo/process_payout', livePayout))).toEqual([400, M.liveUnavailable]);
    expect(answer(await post(t, nankya, '/api/yo/process_payout', { ...livePayout, active_env: 'test' }))).toEqual([
      400,
      M.envMismatch,
    ]);
    expect(await moneySnapshot(t, nankya.accountId, bob.accountId)).toEqual(before);

    // Back in test mode the transfer is there again.
    await useEnvironment(t, nankya, 'test');
    const page = await settlementsPage(t, nankya);
    expect(page.items.map((item) => item.id)).toEqual([sent.json().data.id]);
  });
});
