/**
 * Who on an account may do what with its money (docs/features.md#roles): sessions, view-only roles, operations,
 * administrators.
 */
import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@sente/contracts/constants';
import { MESSAGES } from '@sente/contracts/messages';
import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, get, post } from '../../testing/http.ts';
import { expectLedgerHolds, getData, type Merchant, ugxBalances } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  PIN,
  p2p,
  pinToken,
  requestSettlement,
  saveBankDetails,
  setPin,
  settlementsPage,
  transferRow,
  WALLET_ENV,
} from '../../testing/transfers.ts';
import { createAliceAndBob, createMember, moneySnapshot, readWorkbook } from '../../testing/transfers-more.ts';

let t: TestApp;
/** Owns the account the members join. */
let alice: Merchant;
/** Receives what the members send. */
let bob: Merchant;
let aliceNumber: string;
let bobNumber: string;
/** One member of Alice's account in each role. */
const members = {} as Record<'developer' | 'customer_support' | 'user' | 'operations' | 'administrator', Merchant>;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  ({ alice, bob, aliceNumber, bobNumber } = await createAliceAndBob(t));
  const roles = {
    developer: { firstname: 'Dan', lastname: 'Opio' },
    customer_support: { firstname: 'Sarah', lastname: 'Atim' },
    user: { firstname: 'Moses', lastname: 'Okot' },
    operations: { firstname: 'Brenda', lastname: 'Achieng' },
    administrator: { firstname: 'Ivan', lastname: 'Tumusiime' },
  } as const;
  const joined = await Promise.all(
    Object.entries(roles).map(async ([role, names]) => [role, await createMember(t, alice, role as StaffRole, names)] as const),
  );
  for (const [role, member] of joined) members[role as keyof typeof members] = member;
  // A first settlement, to the first bank: the members have a list to see, and the administrator's new bank
  // details must leave it alone.
  await saveBankDetails(t, alice);
  const settled = await requestSettlement(t, alice, 10_000);
  if (settled.statusCode !== 201) throw new Error(`settlements/create answered ${settled.statusCode}: ${settled.body}`);
});
afterAll(() => t?.close());

describe('roles', () => {
  afterAll(() => expectLedgerHolds(t));

  const VIEW_ONLY = ['developer', 'customer_support', 'user'] as const;
  const moneyCalls = (): [string, object][] => [
    ['/api/wallet/pin_exists', { sente_account_id: alice.accountId }],
    ['/api/wallet/set_pin', { sente_account_id: alice.accountId, pin: '97531' }],
    ['/api/wallet/verify_pin', { sente_account_id: alice.accountId, pin: PIN }],
    ['/api/wallet/verify_sente_acc_number', { sente_account_number: bobNumber }],
    ['/api/wallet/user_with_sente', { sente_account_id: bob.accountId }],
    [
      '/api/wallet-transfers/p2p',
      { recipientAccountId: bob.accountId, amount: 1000, reason: 'Stock', env: 'test', pin_token: 'x' },
    ],
    ['/api/settlements/create', { amount: 1000, reason: 'Payout', pin_token: 'x' }],
    ['/api/yo/process_payout', { amount: 1000, account: '0772123456', narrative: 'Supplier', pin_token: 'x' }],
    ['/api/sente-account/update-bank-details', { bank_name: 'Evil Bank', account_number: '1', account_name: 'Evil' }],
  ];

  it('every wallet call needs a session', async () => {
    for (const [url] of moneyCalls()) {
      expect((await t.app.inject({ method: 'POST', url, payload: {} })).statusCode, url).toBe(401);
    }
    for (const url of ['/api/settlements', '/api/collections/smt_download', '/api/wallet/charges', '/api/wallet/usd']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/wallet/get_account_number_if_exists', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each(VIEW_ONLY)(
    '%s gets 403 on the PIN, look-ups, every way out and the bank details, and nothing changes',
    async (role) => {
      const member = members[role];
      const before = await moneySnapshot(t, alice.accountId, bob.accountId);
      const bankBefore = (await getData(t, alice, '/api/user/profile')).current_account.bank_details;
      for (const [url, body] of moneyCalls()) {
        const res = await post(t, member, url, body, { 'idempotency-key': randomUUID() });
        expect(answer(res), `${role} ${url}`).toEqual([403, MESSAGES.forbiddenForRole]);
      }
      expect(await moneySnapshot(t, alice.accountId, bob.accountId)).toEqual(before);
      expect((await getData(t, alice, '/api/user/profile')).current_account.bank_details).toEqual(bankBefore);
      const pins = await t.database.db.selectFrom('wallet_pins').select('user_id').where('user_id', '=', member.userId).execute();
      expect(pins).toEqual([]);
    },
  );

  it.each(VIEW_ONLY)('%s may see the transfers, their export, the balances and the account number', async (role) => {
    const member = members[role];
    const owners = await settlementsPage(t, alice);
    expect(owners.totalItems).toBeGreaterThan(0);
    expect(await settlementsPage(t, member)).toEqual(owners);
    const exported = await get(t, member, '/api/collections/smt_download');
    expect(exported.statusCode).toBe(200);
    expect((await readWorkbook(exported.rawPayload)).getWorksheet('Transfers')!.rowCount).toBe(owners.totalItems + 1);
    expect(await getData(t, member, '/api/wallet/charges')).toEqual(await getData(t, alice, '/api/wallet/charges'));
    expect((await get(t, member, '/api/wallet/usd')).statusCode).toBe(200);
    const number = await post(t, member, '/api/wallet/get_account_number_if_exists', {});
    expect(number.json().sente_account_number).toBe(aliceNumber);
  });

  it('operations moves money with a PIN of its own and is named as creator, but may not change bank details', async () => {
    const ops = members.operations;
    expect((await post(t, ops, '/api/wallet/pin_exists', {})).json().pin_exists).toBe(false);
    expect(answer(await post(t, ops, '/api/sente-account/update-bank-details', { bank_name: 'X' }))).toEqual([
      403,
      MESSAGES.forbiddenForRole,
    ]);
    await setPin(t, ops, '11223');
    const ownerToken = await pinToken(t, alice);
    const opsToken = await pinToken(t, ops, '11223');

    // A PIN token is the member's own: neither can spend the other's.
    const before = await moneySnapshot(t, alice.accountId, bob.accountId);
    expect(answer(await p2p(t, ops, bob, 1000, { token: ownerToken }))).toEqual([400, M.pinTokenInvalid]);
    expect(answer(await p2p(t, alice, bob, 1000, { token: opsToken }))).toEqual([400, M.pinTokenInvalid]);
    expect(await moneySnapshot(t, alice.accountId, bob.accountId)).toEqual(before);

    const sent = await p2p(t, ops, bob, 5_000, { token: opsToken, reason: 'Fuel' });
    expect(sent.statusCode).toBe(201);
    const id = sent.json().data.id;
    const brenda = { firstname: 'Brenda', lastname: 'Achieng' };
    expect(sent.json().data.creator).toEqual(brenda);
    expect(await transferRow(t, alice, id)).toMatchObject({ direction: 'out', charge: 500, creator: brenda });
    expect(await transferRow(t, bob, id)).toMatchObject({ direction: 'in', charge: 0, creator: brenda });
    expect((await ugxBalances(t, alice.accountId)).test).toBe(before.balances[alice.accountId]!.test - 5_500);
    expect((await p2p(t, alice, bob, 1000, { token: ownerToken })).statusCode).toBe(201);
  });

  it('an administrator may change the bank details and move money; earlier settlements keep their bank', async () => {
    const admin = members.administrator;
    const newBank = { bank_name: 'Centenary Bank', account_number: '3100098765', account_name: 'Alice Crafts Ltd' };
    const saved = await post(t, admin, '/api/sente-account/update-bank-details', newBank);
    expect(answer(saved)).toEqual([200, M.bankDetailsUpdated]);
    expect((await getData(t, alice, '/api/user/profile')).current_account.bank_details).toEqual([newBank]);
    await setPin(t, admin, '86420');
    const res = await requestSettlement(t, admin, 3_000, { token: await pinToken(t, admin, '86420') });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      counterparty: 'Centenary Bank •••• 8765',
      creator: { firstname: 'Ivan', lastname: 'Tumusiime' },
    });
    const older = (await settlementsPage(t, alice)).items.filter((item) => item.kind === 'settlement').slice(1);
    expect(older.length).toBeGreaterThan(0);
    for (const item of older) expect(item.counterparty).toBe('Stanbic Bank Uganda •••• 5678');
  });
});
