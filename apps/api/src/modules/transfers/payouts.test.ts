/** Mobile-money payouts through HTTP and the worker's reports. */
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@sente/contracts/messages';
import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, post } from '../../testing/http.ts';
import { expectLedgerHolds, type Merchant, ugxBalances } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { payout, payoutsDone, pinToken, transferRow, WALLET_ENV } from '../../testing/transfers.ts';
import { createAliceAndBob, moneySnapshot } from '../../testing/transfers-more.ts';
import { runOpsCommand } from '../ops/commands.ts';

/** PAYMENTS_ENV leaves PAYMENT_EXPIRY_SECONDS at its default: a payout nobody confirms is returned after it. */
const PAYOUT_EXPIRY_MS = 600_000;

let t: TestApp;
/** Pays out; owner Grace Namutebi. */
let alice: Merchant;
/** Only another account, whose id Alice may not pay out from. */
let bob: Merchant;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  ({ alice, bob } = await createAliceAndBob(t));
});
afterAll(() => t?.close());

describe('POST /api/yo/process_payout (mobile money)', () => {
  afterAll(() => expectLedgerHolds(t));

  it('refuses a missing or malformed phone, amount, reason or environment, moving nothing', async () => {
    const token = await pinToken(t, alice);
    const before = await moneySnapshot(t, alice.accountId);
    const body = {
      active_env: 'test',
      creator_id: alice.userId,
      sente_account_id: alice.accountId,
      amount: 1000,
      account: '0772123456',
      narrative: 'Supplier',
      pin_token: token,
    };
    const send = (overrides: object) => post(t, alice, '/api/yo/process_payout', { ...body, ...overrides });
    const { account: _account, ...noPhone } = body;
    expect(answer(await post(t, alice, '/api/yo/process_payout', noPhone))).toEqual([400, M.phoneEmpty]);
    const phones: [string, string][] = [
      ['', M.phoneEmpty],
      ['   ', M.phoneEmpty],
      ['07721', M.phoneInvalid],
      ['123456789', M.phoneInvalid],
      ['1234567890123456', M.phoneInvalid],
      ['07721abcde', M.phoneInvalid],
      // Test mode refuses what live refuses (decision 058): another country, a Ugandan network live does not pay.
      ['+44 7700 900123', M.payoutNetworkUnsupported],
      ['0712345678', M.payoutNetworkUnsupported],
      ['256392123456', M.payoutNetworkUnsupported],
    ];
    for (const [account, message] of phones) expect(answer(await send({ account })), account).toEqual([400, message]);
    expect(answer(await send({ amount: 0 }))).toEqual([400, M.invalidAmount]);
    expect(answer(await send({ amount: 10_000_000 }))).toEqual([400, M.invalidAmount]);
    expect(answer(await send({ narrative: '' }))).toEqual([400, M.reasonMissing]);
    expect(answer(await send({ active_env: 'prod' }))).toEqual([400, M.envMismatch]);
    expect(answer(await send({ sente_account_id: bob.accountId }))).toEqual([404, MESSAGES.accountNotFound]);
    expect(await moneySnapshot(t, alice.accountId)).toEqual(before);
  });

  it('is held at once, then paid, failed and returned, or returned at expiry; a retry answers the first', async () => {
    const before = await moneySnapshot(t, alice.accountId);
    const balance = before.balances[alice.accountId]!.test;
    const token = await pinToken(t, alice);
    const key = `payout-${randomUUID()}`;
    const paid = await payout(t, alice, 30_000, '+256 772-123-456', { key, token, narrative: 'Supplier' });
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({
      status: 'success',
      message: M.payoutStarted,
      data: {
        kind: 'payout',
        direction: 'out',
        status: 'pending',
        amount: 30_000,
        charge: 1000,
        counterparty: '+256 772 123 456',
      },
    });
    const retried = await payout(t, alice, 30_000, '+256 772-123-456', { key, token, narrative: 'Supplier' });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toEqual(paid.json().data);
    const failed = await payout(t, alice, 40_000, '0772120001');
    const pending = await payout(t, alice, 25_000, '0772120002');
    expect([failed.statusCode, pending.statusCode]).toEqual([201, 201]);
    const ids = { paid: paid.json().data.id, failed: failed.json().data.id, pending: pending.json().data.id };
    const held = await moneySnapshot(t, alice.accountId);
    expect(held.transfers).toBe(before.transfers + 3);
    expect(held.balances[alice.accountId]!.test).toBe(balance - 31_000 - 41_000 - 26_000);

    expect(await payoutsDone(t, new Date(Date.now() + 1000))).toBe(2);
    expect((await ugxBalances(t, alice.accountId)).test).toBe(balance - 31_000 - 26_000);
    expect(await transferRow(t, alice, ids.paid)).toMatchObject({ status: 'successful' });
    expect(await transferRow(t, alice, ids.failed)).toMatchObject({ status: 'rejected' });
    expect(await transferRow(t, alice, ids.pending)).toMatchObject({ status: 'pending' });
    // A report is applied once however often the worker runs.
    expect(await payoutsDone(t, new Date(Date.now() + 2000))).toBe(0);
    expect(await t.app.services.transfers.reportDisbursement(ids.paid, { paid: false, reason: 'late' })).toBe(false);

    // The number ending 0002 never confirms: after the expiry it is returned.
    expect(await payoutsDone(t, new Date(Date.now() + PAYOUT_EXPIRY_MS + 1000))).toBe(1);
    expect((await ugxBalances(t, alice.accountId)).test).toBe(balance - 31_000);
    expect(await transferRow(t, alice, ids.pending)).toMatchObject({ status: 'rejected' });
    // A payout is not a settlement.
    expect((await runOpsCommand(t.app.services, 'settlements:approve', [ids.pending])).ok).toBe(false);
  });
});
