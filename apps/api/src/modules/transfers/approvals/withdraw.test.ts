/**
 * Decision 071: the member who asked for a held movement, or who submitted a batch, may withdraw it; the money of a
 * movement returns at once, and the withdrawal names who made it. An approval and a withdrawal at once: one wins.
 */
import { APPROVAL_MESSAGES as A } from '@sente/contracts/movement-approvals';
import { BATCH_MESSAGES as BM } from '@sente/contracts/payout-batches';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchCall, batchOf, goodRows, submittedBatch } from '../../../testing/batches.ts';
import { answer, post } from '../../../testing/http.ts';
import { expectLedgerHolds, type Merchant, ugxBalances } from '../../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { fundWallet, payout, pinToken, setPin, transferRow, WALLET_ENV } from '../../../testing/transfers.ts';
import { createAliceAndBob, createMember } from '../../../testing/transfers-more.ts';

let t: TestApp;
/** The owner: asks for the movements and makes the batches. */
let alice: Merchant;
/** An administrator of Alice's account: approves them. */
let admin: Merchant;
/** Another account. */
let bob: Merchant;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  ({ alice, bob } = await createAliceAndBob(t));
  admin = await createMember(t, alice, 'administrator', { firstname: 'Peter', lastname: 'Mukasa' });
  await setPin(t, admin);
  await fundWallet(t, alice, 2_000_000);
  const rules = await post(t, alice, '/api/payout-rules', {
    per_payout_cap: null,
    daily_cap: null,
    member_daily_cap: null,
    approval_threshold: 50_000,
  });
  expect(rules.statusCode).toBe(200);
});
afterAll(() => t?.close());

const balance = async () => (await ugxBalances(t, alice.accountId)).test;
const withdraw = (who: Merchant, id: string) => post(t, who, `/api/transfers/${id}/withdraw`, {});

describe('withdrawing what waits for approval', () => {
  afterAll(() => expectLedgerHolds(t));

  it("returns a held payout's money at once, says who withdrew it, and leaves nothing to answer", async () => {
    const before = await balance();
    const row = (await payout(t, alice, 70_000, '0772123480')).json().data;
    expect(await balance()).toBeLessThan(before);
    expect(answer(await withdraw(admin, row.id))).toEqual([400, A.notYours]);
    expect(answer(await withdraw(bob, row.id))[0]).toBe(404);
    const res = await withdraw(alice, row.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: A.withdrawn,
      data: {
        status: 'rejected',
        failure_reason: A.withdrawnReason,
        approval: { status: 'withdrawn', answered_by: { firstname: alice.firstname } },
      },
    });
    expect(await balance()).toBe(before);
    const late = await post(t, admin, `/api/transfers/${row.id}/approve`, { pin_token: await pinToken(t, admin) });
    expect(answer(late)).toEqual([400, A.notAwaiting]);
    expect((await transferRow(t, alice, row.id))?.status).toBe('rejected');
  });

  it('makes a submitted batch a draft again, its history naming who withdrew it', async () => {
    const batch = await submittedBatch(t, alice, goodRows(2, 800));
    expect(answer(await batchCall(t, admin, 'POST', `/api/payout-batches/${batch.id}/withdraw`))).toEqual([400, BM.notYours]);
    const res = await batchCall(t, alice, 'POST', `/api/payout-batches/${batch.id}/withdraw`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: BM.withdrawn, data: { status: 'draft' } });
    const after = await batchOf(t, alice, batch.id);
    expect(after.events.at(-1)).toMatchObject({ action: 'withdrawn', actor: `${alice.firstname} ${alice.lastname}` });
  });

  it('applies exactly one of an approval and a withdrawal sent at once: the money is paid or returned once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const before = await balance();
      const row = (await payout(t, alice, 60_000 + round, `077212349${round}`)).json().data;
      const token = await pinToken(t, admin);
      const [approved, withdrawn] = await Promise.all([
        post(t, admin, `/api/transfers/${row.id}/approve`, { pin_token: token }),
        withdraw(alice, row.id),
      ]);
      expect([approved.statusCode, withdrawn.statusCode].sort()).toEqual([200, 400]);
      await t.app.services.jobs.runDue();
      const final = await transferRow(t, alice, row.id);
      if (withdrawn.statusCode === 200) {
        expect(final).toMatchObject({ status: 'rejected', approval: { status: 'withdrawn' } });
        expect(await balance()).toBe(before);
      } else {
        expect(final?.approval?.status).toBe('approved');
        expect(await balance()).toBe(before - row.amount - row.charge);
      }
    }
  });
});
