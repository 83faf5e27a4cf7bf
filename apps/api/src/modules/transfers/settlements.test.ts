/** Settlement requests to the bank through HTTP, the bank details they need and the operator's commands. */
import { randomUUID } from 'node:crypto';
import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, post } from '../../testing/http.ts';
import { expectLedgerHolds, getData, type Merchant, ugxBalances } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { accountNumber, pinToken, requestSettlement, settlementsPage, transferRow, WALLET_ENV } from '../../testing/transfers.ts';
import { createAlice, moneySnapshot } from '../../testing/transfers-more.ts';
import { runOpsCommand } from '../ops/commands.ts';

let t: TestApp;
/** Requests the settlements; owner Grace Namutebi. */
let alice: Merchant;
let aliceNumber: string;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  alice = await createAlice(t);
  aliceNumber = await accountNumber(t, alice);
});
afterAll(() => t?.close());

describe('Request Transfer: POST /api/settlements/create, bank details and the operator', () => {
  afterAll(() => expectLedgerHolds(t));

  const BANK = { bank_name: 'Stanbic Bank Uganda', account_number: '9030012345678', account_name: 'Alice Crafts Ltd' };
  let firstId: string;

  it('refuses a settlement until bank details exist, moving nothing', async () => {
    const before = await moneySnapshot(t, alice.accountId);
    expect(answer(await requestSettlement(t, alice, 10_000))).toEqual([400, M.bankDetailsMissing]);
    expect(await moneySnapshot(t, alice.accountId)).toEqual(before);
  });

  it('update-bank-details names each missing field, then saves; the profile shows them', async () => {
    const cases: [object, string][] = [
      [{}, M.bankNameMissing],
      [{ ...BANK, bank_name: '  ' }, M.bankNameMissing],
      [{ bank_name: BANK.bank_name }, M.bankAccountNumberMissing],
      [{ ...BANK, account_number: '' }, M.bankAccountNumberMissing],
      [{ bank_name: BANK.bank_name, account_number: BANK.account_number }, M.bankAccountNameMissing],
      [{ ...BANK, account_name: ' ' }, M.bankAccountNameMissing],
    ];
    for (const [body, message] of cases) {
      const res = await post(t, alice, '/api/sente-account/update-bank-details', body);
      expect(answer(res), JSON.stringify(body)).toEqual([400, message]);
    }
    expect((await getData(t, alice, '/api/user/profile')).current_account.bank_details).toEqual([]);
    const saved = await post(t, alice, '/api/sente-account/update-bank-details', BANK);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'success', message: M.bankDetailsUpdated, data: BANK });
    expect((await getData(t, alice, '/api/user/profile')).current_account.bank_details).toEqual([BANK]);
  });

  it('holds the amount and charge at once; a retry with the same key answers the first request', async () => {
    const before = await moneySnapshot(t, alice.accountId);
    const token = await pinToken(t, alice);
    const key = `settle-${randomUUID()}`;
    const first = await requestSettlement(t, alice, 50_000, { key, token, reason: 'March takings' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      status: 'success',
      message: M.requestSent,
      data: {
        kind: 'settlement',
        direction: 'out',
        status: 'pending',
        amount: 50_000,
        charge: 2000,
        reason: 'March takings',
        creator: { firstname: 'Grace', lastname: 'Namutebi' },
        counterparty: 'Stanbic Bank Uganda •••• 5678',
      },
    });
    firstId = first.json().data.id;
    const retried = await requestSettlement(t, alice, 50_000, { key, token, reason: 'March takings' });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toEqual(first.json().data);
    const after = await moneySnapshot(t, alice.accountId);
    expect(after.balances[alice.accountId]!.test).toBe(before.balances[alice.accountId]!.test - 52_000);
    expect(after.transfers).toBe(before.transfers + 1);
    expect((await settlementsPage(t, alice)).items[0]).toMatchObject({ id: firstId, status: 'pending' });
  });

  it('refuses an amount that does not fit with its charge, a malformed one and a missing reason', async () => {
    const balance = (await ugxBalances(t, alice.accountId)).test;
    const token = await pinToken(t, alice);
    const before = await moneySnapshot(t, alice.accountId);
    for (const amount of [0, -1, 2.5, balance + 1, balance - 1999]) {
      expect(answer(await requestSettlement(t, alice, amount, { token })), `amount ${amount}`).toEqual([400, M.invalidAmount]);
    }
    expect(answer(await requestSettlement(t, alice, 1000, { token, reason: '' }))).toEqual([400, M.reasonMissing]);
    expect(answer(await requestSettlement(t, alice, 1000, { token, key: 'tab\tkey' })).at(0)).toBe(400);
    expect(await moneySnapshot(t, alice.accountId)).toEqual(before);
  });

  it('the operator lists, approves and rejects through settlements:list|approve|reject', async () => {
    const second = await requestSettlement(t, alice, 20_000, { reason: 'Rent' });
    expect(second.statusCode).toBe(201);
    const secondId = second.json().data.id;
    const held = (await ugxBalances(t, alice.accountId)).test;

    const listed = await runOpsCommand(t.app.services, 'settlements:list', []);
    expect(listed.ok).toBe(true);
    expect((listed.data as { id: string }[]).map((s) => s.id)).toEqual(expect.arrayContaining([firstId, secondId]));
    expect(listed.message).toContain(firstId);
    expect(listed.message).toContain(`UGX 50,000 + 2,000  Alice Crafts (${aliceNumber})`);
    expect(listed.message).toContain('Stanbic Bank Uganda 9030012345678 (Alice Crafts Ltd)');

    expect(await runOpsCommand(t.app.services, 'settlements:approve', [firstId])).toMatchObject({ ok: true });
    expect(await runOpsCommand(t.app.services, 'settlements:approve', [firstId])).toEqual({
      ok: false,
      message: `No pending settlement ${firstId}`,
    });
    expect((await runOpsCommand(t.app.services, 'settlements:reject', [firstId])).ok).toBe(false);
    // Paid to the bank: the held money does not come back.
    expect((await ugxBalances(t, alice.accountId)).test).toBe(held);

    expect(await runOpsCommand(t.app.services, 'settlements:reject', [secondId, 'Wrong', 'account'])).toMatchObject({ ok: true });
    expect((await ugxBalances(t, alice.accountId)).test).toBe(held + 22_000);
    expect((await runOpsCommand(t.app.services, 'settlements:reject', [secondId])).ok).toBe(false);
    expect((await runOpsCommand(t.app.services, 'settlements:approve', [secondId])).ok).toBe(false);
    expect(await t.app.services.transfers.approveSettlement(secondId)).toBe(false);
    const stored = await t.database.db
      .selectFrom('transfers')
      .select(['status', 'failure_reason'])
      .where('id', '=', secondId)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: 'rejected', failure_reason: 'Wrong account' });

    expect(await transferRow(t, alice, firstId)).toMatchObject({ status: 'successful' });
    expect(await transferRow(t, alice, secondId)).toMatchObject({ status: 'rejected' });
    const after = await runOpsCommand(t.app.services, 'settlements:list', []);
    expect(after.message).not.toContain(firstId);
    expect(after.message).not.toContain(secondId);
    expect((await runOpsCommand(t.app.services, 'settlements:approve', [])).ok).toBe(false);
    expect((await runOpsCommand(t.app.services, 'settlements:approve', ['not-an-id'])).ok).toBe(false);
  });

  it('the services approve and reject the same way', async () => {
    const before = (await ugxBalances(t, alice.accountId)).test;
    const approved = (await requestSettlement(t, alice, 5_000)).json().data.id;
    const rejected = (await requestSettlement(t, alice, 6_000)).json().data.id;
    expect(await t.app.services.transfers.approveSettlement(approved)).toBe(true);
    expect(await t.app.services.transfers.rejectSettlement(rejected)).toBe(true);
    expect(await t.app.services.transfers.rejectSettlement(rejected)).toBe(false);
    expect((await ugxBalances(t, alice.accountId)).test).toBe(before - 7_000);
  });
});
