import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../testing/http.ts';
import { createMerchant, expectLedgerHolds, type Merchant, ugxBalances } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  fundWallet,
  PIN_LOCKED,
  p2p,
  payout,
  payoutsDone,
  pinToken,
  requestSettlement,
  saveBankDetails,
  setPin,
  settlementsPage,
  WALLET_ENV,
} from '../../testing/transfers.ts';
import { runOpsCommand } from '../ops/commands.ts';

let t: TestApp;
let alice: Merchant;
let bob: Merchant;
let aliceFunds: number;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  alice = await createMerchant(t, 'Alice Crafts');
  bob = await createMerchant(t, 'Bob Hardware');
  aliceFunds = await fundWallet(t, alice, 500_000);
  await setPin(t, alice);
  await setPin(t, bob);
});
afterAll(() => t.close());

describe('the money-out journey', () => {
  it('a wallet transfer moves the amount to the recipient and the charge to the platform, once', async () => {
    const before = await ugxBalances(t, alice.accountId);
    expect(before.test).toBe(aliceFunds);
    const key = 'transfer-key-0001';
    const first = await p2p(t, alice, bob, 100_000, { key, reason: '<b>Stock</b> for March' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ success: true, message: M.transferSuccessful });
    const retried = await p2p(t, alice, bob, 100_000, { key, reason: '<b>Stock</b> for March' });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.id).toBe(first.json().data.id);

    expect((await ugxBalances(t, alice.accountId)).test).toBe(aliceFunds - 100_500);
    expect((await ugxBalances(t, bob.accountId)).test).toBe(100_000);
    const bobList = await settlementsPage(t, bob);
    expect(bobList.items).toEqual([
      expect.objectContaining({
        direction: 'in',
        amount: 100_000,
        charge: 0,
        status: 'successful',
        reason: '<b>Stock</b> for March',
      }),
    ]);
    const aliceList = await settlementsPage(t, alice);
    expect(aliceList.items[0]).toMatchObject({
      direction: 'out',
      amount: 100_000,
      charge: 500,
      counterparty: expect.stringContaining('Bob Hardware'),
    });
    await expectLedgerHolds(t);
  });

  it('refuses the same account, an unknown account and an amount above the balance', async () => {
    expect((await p2p(t, alice, alice, 1000)).json().message).toBe(M.sameAccount);
    const unknown = await p2p(t, alice, { accountId: '00000000-0000-4000-8000-000000000000' }, 1000);
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, M.noAccountFound]);
    const tooMuch = await p2p(t, alice, bob, 10_000_000);
    expect([tooMuch.statusCode, tooMuch.json().message]).toEqual([400, M.invalidAmount]);
    for (const amount of [0, -5, 10.5, 'abc']) expect((await p2p(t, alice, bob, amount)).json().message).toBe(M.invalidAmount);
    const byNumber = await post(t, alice, '/api/wallet/verify_sente_acc_number', { sente_account_number: '0000000000' });
    expect([byNumber.statusCode, byNumber.json().message]).toEqual([404, M.noAccountFound]);
    await expectLedgerHolds(t);
  });

  it('a wrong PIN is refused and five lock it', async () => {
    const carol = await createMerchant(t, 'Carol Salon');
    await setPin(t, carol);
    for (let i = 0; i < 4; i++) {
      const wrong = await post(t, carol, '/api/wallet/verify_pin', { pin: '11111' });
      expect([wrong.statusCode, wrong.json().message]).toEqual([400, M.pinInvalidTriesLeft(4 - i)]);
    }
    const fifth = await post(t, carol, '/api/wallet/verify_pin', { pin: '11111' });
    expect([fifth.statusCode, fifth.json().message]).toEqual([423, PIN_LOCKED]);
    const right = await post(t, carol, '/api/wallet/verify_pin', { pin: '24680' });
    expect([right.statusCode, right.json().message]).toEqual([423, PIN_LOCKED]);

    // A member who forgot their PIN: the operator forgets it, and they create a new one.
    expect((await runOpsCommand(t.app.services, 'pins:reset', [carol.email])).ok).toBe(true);
    expect((await post(t, carol, '/api/wallet/pin_exists')).json().pin_exists).toBe(false);
    await setPin(t, carol, '13579');
    expect((await post(t, carol, '/api/wallet/verify_pin', { pin: '13579' })).statusCode).toBe(200);
  });

  it('a settlement holds the money until the operator approves or rejects it', async () => {
    const refused = await requestSettlement(t, alice, 10_000);
    expect([refused.statusCode, refused.json().message]).toEqual([400, M.bankDetailsMissing]);
    await saveBankDetails(t, alice);
    const before = (await ugxBalances(t, alice.accountId)).test;
    const first = await requestSettlement(t, alice, 50_000);
    expect([first.statusCode, first.json().message]).toEqual([201, M.requestSent]);
    expect((await ugxBalances(t, alice.accountId)).test).toBe(before - 52_000);
    const second = await requestSettlement(t, alice, 20_000);
    expect(await t.app.services.transfers.approveSettlement(first.json().data.id)).toBe(true);
    expect(await t.app.services.transfers.approveSettlement(first.json().data.id)).toBe(false);
    expect(await t.app.services.transfers.rejectSettlement(second.json().data.id)).toBe(true);
    expect((await ugxBalances(t, alice.accountId)).test).toBe(before - 52_000);
    const statuses = (await settlementsPage(t, alice)).items
      .filter((item) => item.kind === 'settlement')
      .map((item) => item.status);
    expect(statuses).toEqual(['rejected', 'successful']);
    await expectLedgerHolds(t);
  });

  it('a payout is held until the simulator reports, and a failed one comes back', async () => {
    const before = (await ugxBalances(t, alice.accountId)).test;
    const paid = await payout(t, alice, 30_000, '0772123456');
    const failed = await payout(t, alice, 40_000, '0772120001');
    expect([paid.statusCode, failed.statusCode]).toEqual([201, 201]);
    expect((await ugxBalances(t, alice.accountId)).test).toBe(before - 31_000 - 41_000);
    expect(await payoutsDone(t, new Date(Date.now() + 1000))).toBe(2);
    expect((await ugxBalances(t, alice.accountId)).test).toBe(before - 31_000);
    const rows = (await settlementsPage(t, alice)).items.filter((item) => item.kind === 'payout');
    expect(rows.map((row) => [row.amount, row.status])).toEqual([
      [40_000, 'rejected'],
      [30_000, 'successful'],
    ]);
    const badPhone = await payout(t, alice, 1000, '07721');
    expect(badPhone.json().message).toBe(M.phoneInvalid);
    await expectLedgerHolds(t);
  });

  it('an Idempotency-Key of a wallet transfer is not taken for a settlement', async () => {
    const key = 'key-for-one-kind-only';
    expect((await p2p(t, alice, bob, 1000, { key })).statusCode).toBe(201);
    const other = await requestSettlement(t, alice, 1000, { key });
    expect([other.statusCode, other.json().message]).toEqual([400, M.idempotencyKeyReused]);
  });

  it('a PIN token moves money once', async () => {
    const token = await pinToken(t, alice);
    expect((await p2p(t, alice, bob, 1000, { token })).statusCode).toBe(201);
    const again = await p2p(t, alice, bob, 1000, { token });
    expect([again.statusCode, again.json().message]).toEqual([400, M.pinTokenInvalid]);
  });
});
