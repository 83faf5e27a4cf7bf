/**
 * The approval policy (decision 067): a payout or settlement request above the account's threshold is held
 * and waits for a second member, who approves it with their PIN or declines it; unanswered for 72 hours it expires.
 */
import { randomUUID } from 'node:crypto';
import { APPROVAL_MESSAGES as A } from '@sente/contracts/movement-approvals';
import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, get, post } from '../../../testing/http.ts';
import { apiKeysOf, v1 } from '../../../testing/merchant-api.ts';
import { expectLedgerHolds, type Merchant, ugxBalances } from '../../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import {
  fundWallet,
  payout,
  pinToken,
  requestSettlement,
  saveBankDetails,
  setPin,
  transferRow,
  WALLET_ENV,
} from '../../../testing/transfers.ts';
import { createAliceAndBob, createMember } from '../../../testing/transfers-more.ts';

const THRESHOLD = 50_000;
const later = (hours: number) => new Date(Date.now() + hours * 3_600_000);

let t: TestApp;
/** The owner: asks for the movements. */
let alice: Merchant;
/** An administrator of Alice's account: answers them. */
let admin: Merchant;
/** Another account: never answers Alice's. */
let bob: Merchant;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  ({ alice, bob } = await createAliceAndBob(t));
  admin = await createMember(t, alice, 'administrator', { firstname: 'Peter', lastname: 'Mukasa' });
  await setPin(t, admin);
  await fundWallet(t, alice, 1_000_000);
  await saveBankDetails(t, alice);
  const rules = await post(t, alice, '/api/payout-rules', {
    per_payout_cap: null,
    daily_cap: null,
    member_daily_cap: null,
    approval_threshold: THRESHOLD,
  });
  expect(rules.statusCode).toBe(200);
});
afterAll(() => t?.close());

const approve = async (who: Merchant, id: string) =>
  post(t, who, `/api/transfers/${id}/approve`, { pin_token: await pinToken(t, who) });
const decline = (who: Merchant, id: string, reason = 'Not agreed') => post(t, who, `/api/transfers/${id}/decline`, { reason });
const balance = async () => (await ugxBalances(t, alice.accountId)).test;

describe('a movement above the approval threshold', () => {
  afterAll(() => expectLedgerHolds(t));

  it('is held and waits; the member who asked cannot approve it; another approves it with the PIN and it is paid', async () => {
    const before = await balance();
    const key = randomUUID();
    const asked = await payout(t, alice, 60_000, '0772123456', { key });
    expect(answer(asked)).toEqual([201, A.awaiting]);
    const row = asked.json().data;
    expect(row).toMatchObject({ status: 'pending', approval: { status: 'awaiting', requested_by: alice.userId } });
    expect(await balance()).toBe(before - 61_000);
    // Neither the worker nor a replay of the request hands it to the provider while it waits.
    await t.app.services.jobs.runDue({ now: later(1) });
    const replay = await payout(t, alice, 60_000, '0772123456', { key });
    expect(replay.statusCode).toBe(200);
    expect(
      await t.database.db.selectFrom('transfers').select(['provider_reference']).where('id', '=', row.id).executeTakeFirst(),
    ).toEqual({ provider_reference: null });
    expect(answer(await approve(alice, row.id))).toEqual([400, A.ownMovement]);
    // Bob's own PIN token is never spent on Alice's movement: it is not found first.
    const fromBob = await post(t, bob, `/api/transfers/${row.id}/approve`, { pin_token: 'b'.repeat(43) });
    expect(answer(fromBob)).toEqual([404, A.notFound]);
    const approved = await approve(admin, row.id);
    expect(answer(approved)).toEqual([200, A.approved]);
    expect(approved.json().data.approval.status).toBe('approved');
    await t.app.services.jobs.runDue({ now: later(0.01) });
    expect((await transferRow(t, alice, row.id))?.status).toBe('successful');
    expect(answer(await approve(admin, row.id))).toEqual([400, A.notAwaiting]);
    expect(await balance()).toBe(before - 61_000);
  });

  it('is returned to the wallet when another member declines it, with their reason', async () => {
    const before = await balance();
    const row = (await payout(t, alice, 70_000, '0772123457')).json().data;
    expect(answer(await decline(alice, row.id))).toEqual([400, A.ownMovement]);
    expect(answer(await decline(admin, row.id, 'x'))).toEqual([400, A.reasonMissing]);
    expect(answer(await decline(admin, row.id, 'Wrong supplier'))).toEqual([200, A.declined]);
    expect(await transferRow(t, alice, row.id)).toMatchObject({
      status: 'rejected',
      failure_reason: A.declinedReason('Wrong supplier'),
      approval: { status: 'declined' },
    });
    expect(await balance()).toBe(before);
  });

  it('expires unanswered after 72 hours, its money returned', async () => {
    const before = await balance();
    const row = (await payout(t, alice, 80_000, '0772123458')).json().data;
    await t.app.services.jobs.runDue({ now: later(71) });
    expect((await transferRow(t, alice, row.id))?.status).toBe('pending');
    await t.app.services.jobs.runDue({ now: later(73) });
    expect(await transferRow(t, alice, row.id)).toMatchObject({ status: 'rejected', failure_reason: A.expired });
    expect(answer(await approve(admin, row.id))).toEqual([400, A.notAwaiting]);
    expect(await balance()).toBe(before);
  });

  it('holds a wallet transfer from the sender and credits the recipient only once approved', async () => {
    const [aliceBefore, bobBefore] = [await balance(), (await ugxBalances(t, bob.accountId)).test];
    const withPin = async (amount: number) => {
      const res = await post(
        t,
        alice,
        '/api/wallet-transfers/p2p',
        {
          senderAccountId: alice.accountId,
          recipientAccountId: bob.accountId,
          amount,
          reason: 'Stock',
          pin_token: await pinToken(t, alice),
        },
        { 'idempotency-key': randomUUID() },
      );
      return res;
    };
    const asked = await withPin(60_000);
    expect(answer(asked)).toEqual([201, A.awaiting]);
    const id = asked.json().data.id;
    expect(await balance()).toBe(aliceBefore - 60_500);
    expect((await ugxBalances(t, bob.accountId)).test).toBe(bobBefore);
    expect((await transferRow(t, bob, id))?.approval).toBeNull();
    // Awaiting approval lists what the caller's account may answer: the sender's side, never the recipient's.
    const awaiting = async (who: Merchant) => {
      const res = await get(t, who, '/api/settlements?status=awaiting_approval');
      expect(res.statusCode).toBe(200);
      const data = res.json().data as { items: { id: string }[]; totalItems: number };
      return { ids: data.items.map((item) => item.id), total: data.totalItems };
    };
    expect((await awaiting(alice)).ids).toContain(id);
    expect(await awaiting(bob)).toEqual({ ids: [], total: 0 });
    expect((await approve(admin, id)).statusCode).toBe(200);
    expect(await transferRow(t, alice, id)).toMatchObject({ status: 'successful', approval: { status: 'approved' } });
    expect((await ugxBalances(t, bob.accountId)).test).toBe(bobBefore + 60_000);
    const declined = (await withPin(65_000)).json().data.id;
    expect((await decline(admin, declined, 'Not this one')).statusCode).toBe(200);
    expect(await balance()).toBe(aliceBefore - 60_500);
    expect((await ugxBalances(t, bob.accountId)).test).toBe(bobBefore + 60_000);
  });

  it('keeps a settlement request from the operator until it is approved', async () => {
    const asked = await requestSettlement(t, alice, 90_000);
    expect(answer(asked)).toEqual([201, A.awaiting]);
    const id = asked.json().data.id;
    const pending = () => t.app.services.transfers.pendingSettlements().then((rows) => rows.map((row) => row.id));
    expect(await pending()).not.toContain(id);
    expect(await t.app.services.transfers.approveSettlement(id)).toBe(false);
    expect((await approve(admin, id)).statusCode).toBe(200);
    expect(await pending()).toContain(id);
    expect(await t.app.services.transfers.approveSettlement(id)).toBe(true);
  });

  it('leaves a movement at or below the threshold alone, and holds an API key’s payout above it too', async () => {
    const small = await payout(t, alice, THRESHOLD, '0772123459');
    expect(answer(small)).toEqual([201, M.payoutStarted]);
    expect(small.json().data.approval).toBeNull();
    const key = (await apiKeysOf(t, alice)).test_key;
    const res = await v1(
      t,
      key,
      'POST',
      '/payouts',
      { amount: 75_000, phone: '0772123460', reason: 'Stock' },
      {
        'idempotency-key': randomUUID(),
      },
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    expect(await transferRow(t, alice, id)).toMatchObject({
      status: 'pending',
      approval: { status: 'awaiting', requested_by: null },
    });
    expect((await approve(alice, id)).statusCode).toBe(200);
  });
});
