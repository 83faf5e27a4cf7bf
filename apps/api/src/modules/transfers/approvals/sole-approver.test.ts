/**
 * Decision 071: nothing waits for a second member who does not exist. A sole member who may move money is told to
 * invite one first, when saving an approval threshold, submitting a batch, or moving an amount that would be held.
 */
import { APPROVAL_MESSAGES as A } from '@sente/contracts/movement-approvals';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchCall, batchOf, checkedDraft, goodRows } from '../../../testing/batches.ts';
import { answer, post } from '../../../testing/http.ts';
import { expectLedgerHolds, type Merchant, ugxBalances } from '../../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { fundWallet, payout, setPin, WALLET_ENV } from '../../../testing/transfers.ts';
import { createMember, createNamedMerchant } from '../../../testing/transfers-more.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
});
afterAll(() => t?.close());

const threshold = (who: Merchant, approval_threshold: number) =>
  post(t, who, '/api/payout-rules', { per_payout_cap: null, daily_cap: null, member_daily_cap: null, approval_threshold });

describe('a business with one member who may move money', () => {
  afterAll(() => expectLedgerHolds(t));

  let owner: Merchant;
  beforeAll(async () => {
    owner = await createNamedMerchant(t, 'Solo Traders', { firstname: 'Sarah', lastname: 'Nakato' });
    await setPin(t, owner);
    await fundWallet(t, owner, 500_000);
    // A developer sees the wallet but may not move money: no approver.
    await createMember(t, owner, 'developer', { firstname: 'Dan', lastname: 'Okot' });
  });

  it('cannot save an approval threshold until it invites a member who may approve; 0 (off) it can', async () => {
    expect(answer(await threshold(owner, 50_000))).toEqual([400, A.noOtherApprover]);
    expect((await threshold(owner, 0)).statusCode).toBe(200);
  });

  it('cannot submit a batch for approval, which stays a draft', async () => {
    const draft = await checkedDraft(t, owner, goodRows(2, 700));
    const res = await batchCall(t, owner, 'POST', `/api/payout-batches/${draft.id}/submit`);
    expect(answer(res)).toEqual([400, A.noOtherApprover]);
    expect((await batchOf(t, owner, draft.id)).status).toBe('draft');
  });

  it('is refused a payout that would be held once its other approver was removed, before any money moves', async () => {
    const clerk = await createMember(t, owner, 'operations', { firstname: 'Peter', lastname: 'Okello' });
    expect((await threshold(owner, 50_000)).statusCode).toBe(200);
    await t.database.db
      .updateTable('account_members')
      .set({ removed_at: new Date() })
      .where('account_id', '=', owner.accountId)
      .where('user_id', '=', clerk.userId)
      .execute();
    const before = (await ugxBalances(t, owner.accountId)).test;
    expect(answer(await payout(t, owner, 80_000, '0772123470'))).toEqual([400, A.noOtherApprover]);
    expect((await ugxBalances(t, owner.accountId)).test).toBe(before);
    // At or below the threshold nothing is held, and it goes.
    expect((await payout(t, owner, 40_000, '0772123471')).statusCode).toBe(201);
  });
});
