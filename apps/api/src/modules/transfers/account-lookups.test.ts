/** Account look-ups, balances and charges through HTTP (docs/features.md#money-out). */
import { MESSAGES } from '@sente/contracts/messages';
import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, get, post } from '../../testing/http.ts';
import { expectLedgerHolds, getData, type Merchant, ugxBalances } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { UNKNOWN_ID, WALLET_ENV } from '../../testing/transfers.ts';
import { createAliceAndBob } from '../../testing/transfers-more.ts';

let t: TestApp;
/** Looks the other account up; funded, so her charges show a balance. */
let alice: Merchant;
/** The account she looks up. */
let bob: Merchant;
let aliceNumber: string;
let bobNumber: string;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  ({ alice, bob, aliceNumber, bobNumber } = await createAliceAndBob(t));
});
afterAll(() => t?.close());

describe('account look-ups, balances and charges', () => {
  afterAll(() => expectLedgerHolds(t));

  it("get_account_number_if_exists answers the caller's own number; another account's id is not found", async () => {
    const res = await post(t, alice, '/api/wallet/get_account_number_if_exists', {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'SUCCESS',
      sente_account_number: aliceNumber,
      data: { sente_account_number: aliceNumber },
    });
    expect(aliceNumber).toMatch(/^\d{10}$/);
    const profile = await getData(t, alice, '/api/user/profile');
    expect(profile.current_account.account_number).toBe(aliceNumber);
    const withId = await post(t, alice, '/api/wallet/get_account_number_if_exists', { sente_account_id: alice.accountId });
    expect(withId.json().sente_account_number).toBe(aliceNumber);
    const other = await post(t, alice, '/api/wallet/get_account_number_if_exists', { sente_account_id: bob.accountId });
    expect(answer(other)).toEqual([404, MESSAGES.accountNotFound]);
    expect(other.body).not.toContain(bobNumber);
  });

  it('verify_sente_acc_number finds another account by number, refuses the own one, an unknown one and none', async () => {
    const verifyNumber = (value: unknown) =>
      post(t, alice, '/api/wallet/verify_sente_acc_number', value === undefined ? {} : { sente_account_number: value });
    const found = await verifyNumber(bobNumber);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      status: 'SUCCESS',
      sente_account_id: bob.accountId,
      data: { sente_account_id: bob.accountId },
    });
    const spaced = await verifyNumber(`${bobNumber.slice(0, 3)} ${bobNumber.slice(3, 6)} ${bobNumber.slice(6)}`);
    expect(spaced.json().sente_account_id).toBe(bob.accountId);
    expect(answer(await verifyNumber(aliceNumber))).toEqual([400, M.sameAccount]);
    expect(answer(await verifyNumber('0000000000'))).toEqual([404, M.noAccountFound]);
    expect(answer(await verifyNumber(undefined))).toEqual([400, M.accountNumberMissing]);
    expect(answer(await verifyNumber('  '))).toEqual([400, M.accountNumberMissing]);
  });

  it('user_with_sente names the holder of an account id; an unknown id is not found', async () => {
    const res = await post(t, alice, '/api/wallet/user_with_sente', { sente_account_id: bob.accountId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'SUCCESS',
      data: {
        account_name: 'Bob Hardware',
        sente_account_id: bob.accountId,
        sente_account_number: bobNumber,
        user_id: bob.userId,
      },
    });
    for (const id of [UNKNOWN_ID, 'not-an-id']) {
      expect(answer(await post(t, alice, '/api/wallet/user_with_sente', { sente_account_id: id }))).toEqual([
        404,
        M.noAccountFound,
      ]);
    }
    expect(answer(await post(t, alice, '/api/wallet/user_with_sente', {}))).toEqual([400, M.noAccountFound]);
  });

  it('GET /api/wallet/usd answers zero balances', async () => {
    const res = await get(t, alice, '/api/wallet/usd');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ current_balance: 0, current_balance_sand_box: 0 });
  });

  it('GET /api/wallet/charges answers the charge of each way out and the UGX balances', async () => {
    const res = await get(t, alice, '/api/wallet/charges');
    expect(res.statusCode).toBe(200);
    const { test } = await ugxBalances(t, alice.accountId);
    expect(test).toBeGreaterThan(0);
    expect(res.json().data).toEqual({
      charges: { wallet_transfer: 500, settlement: 2000, payout: 1000 },
      current_balance: 0,
      current_balance_sand_box: test,
    });
    const profile = await getData(t, alice, '/api/user/profile');
    expect(profile.current_account.userWallet).toEqual({ current_balance: 0, current_balance_sand_box: test });
  });
});
