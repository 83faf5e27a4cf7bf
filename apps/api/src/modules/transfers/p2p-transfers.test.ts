/** Wallet transfers between Sente accounts through HTTP (docs/features.md#money-out). */
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@sente/contracts/messages';
import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, post } from '../../testing/http.ts';
import { expectLedgerHolds, type Merchant, ugxBalances } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fundWallet, p2p, pinToken, transferRow, UNKNOWN_ID, WALLET_ENV } from '../../testing/transfers.ts';
import { createAliceAndBob, moneySnapshot } from '../../testing/transfers-more.ts';

let t: TestApp;
/** Sends; owner Grace Namutebi, named as the creator. */
let alice: Merchant;
/** Receives; Bob Hardware, named as the counterparty. */
let bob: Merchant;
let aliceNumber: string;
let bobNumber: string;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  ({ alice, bob, aliceNumber, bobNumber } = await createAliceAndBob(t));
});
afterAll(() => t?.close());

describe('POST /api/wallet-transfers/p2p', () => {
  afterAll(() => expectLedgerHolds(t));

  const snapshot = () => moneySnapshot(t, alice.accountId, bob.accountId);

  it("refuses every amount that is not a whole, positive UGX amount within the balance and charge: 'Invalid Amount'", async () => {
    const balance = (await ugxBalances(t, alice.accountId)).test;
    const token = await pinToken(t, alice);
    const before = await snapshot();
    const amounts: unknown[] = [
      ...[0, -5, 10.5, 'abc', '', null, '12abc', 100_000_001, balance + 1, balance - 499, balance - 1],
      ...['0x10', '1e5', ' 1,0,0,0 ', '12-3', '1.5e3'],
    ];
    for (const amount of amounts) {
      const res = await p2p(t, alice, bob, amount as number, { token });
      expect(answer(res), `amount ${JSON.stringify(amount)}`).toEqual([400, M.invalidAmount]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses the same account, an unknown recipient and a missing one', async () => {
    const before = await snapshot();
    expect(answer(await p2p(t, alice, alice, 1000))).toEqual([400, M.sameAccount]);
    expect(answer(await p2p(t, alice, { accountId: UNKNOWN_ID }, 1000))).toEqual([404, M.noAccountFound]);
    expect(answer(await p2p(t, alice, { accountId: 'nope' }, 1000))).toEqual([404, M.noAccountFound]);
    expect(answer(await p2p(t, alice, { accountId: '' }, 1000))).toEqual([400, M.noAccountFound]);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses another account's senderAccountId (404), the other environment and a missing reason, moving nothing", async () => {
    const before = await snapshot();
    const token = await pinToken(t, alice);
    const body = { recipientAccountId: bob.accountId, amount: 1000, reason: 'Stock', env: 'test', pin_token: token };
    const asBob = await post(t, alice, '/api/wallet-transfers/p2p', { ...body, senderAccountId: bob.accountId });
    expect(answer(asBob)).toEqual([404, MESSAGES.accountNotFound]);
    // Bob's wallet is the one that would have paid: it still holds what it held.
    expect(answer(await post(t, alice, '/api/wallet-transfers/p2p', { ...body, env: 'prod' }))).toEqual([400, M.envMismatch]);
    expect(answer(await post(t, alice, '/api/wallet-transfers/p2p', { ...body, env: 'live' }))).toEqual([400, M.envMismatch]);
    const { reason: _reason, ...noReason } = body;
    expect(answer(await post(t, alice, '/api/wallet-transfers/p2p', noReason))).toEqual([400, M.reasonMissing]);
    expect(answer(await post(t, alice, '/api/wallet-transfers/p2p', { ...body, reason: '   ' }))).toEqual([400, M.reasonMissing]);
    expect(await snapshot()).toEqual(before);
  });

  it('a retry with the same Idempotency-Key answers the first transfer with 200 and moves the money once', async () => {
    const before = await snapshot();
    const token = await pinToken(t, alice);
    const key = `p2p-${randomUUID()}`;
    // The creator is always the signed-in member, whatever creatorId says.
    const send = () =>
      post(
        t,
        alice,
        '/api/wallet-transfers/p2p',
        {
          senderAccountId: alice.accountId,
          recipientAccountId: bob.accountId,
          creatorId: bob.userId,
          amount: '10,000',
          reason: 'Stock for <b>April</b>',
          env: 'test',
          pin_token: token,
        },
        { 'idempotency-key': key },
      );
    const first = await send();
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      status: 'success',
      success: true,
      message: M.transferSuccessful,
      data: {
        kind: 'wallet_transfer',
        direction: 'out',
        amount: 10_000,
        charge: 500,
        currency: 'UGX',
        status: 'successful',
        reason: 'Stock for <b>April</b>',
        creator: { firstname: 'Grace', lastname: 'Namutebi' },
        counterparty: `Bob Hardware (${bobNumber})`,
      },
    });
    const retried = await send();
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ success: true, message: M.transferSuccessful });
    expect(retried.json().data).toEqual(first.json().data);

    const after = await snapshot();
    expect(after.balances[alice.accountId]!.test).toBe(before.balances[alice.accountId]!.test - 10_500);
    expect(after.balances[bob.accountId]!.test).toBe(before.balances[bob.accountId]!.test + 10_000);
    expect(after.transfers).toBe(before.transfers + 1);
    expect(after.balances[alice.accountId]!.production).toBe(0);
    expect(after.balances[bob.accountId]!.production).toBe(0);

    // Both sides see it: the sender's row carries the charge, the receiver's none; both name the sending member.
    const id = first.json().data.id;
    expect(await transferRow(t, alice, id)).toMatchObject({ direction: 'out', amount: 10_000, charge: 500 });
    expect(await transferRow(t, bob, id)).toEqual({
      ...first.json().data,
      direction: 'in',
      charge: 0,
      counterparty: `Alice Crafts (${aliceNumber})`,
    });
  });

  it('the same Idempotency-Key with another amount, reason or recipient is a 409 and moves nothing', async () => {
    const key = `p2p-${randomUUID()}`;
    const first = await p2p(t, alice, bob, 2000, { key, reason: 'Rent' });
    expect(first.statusCode).toBe(201);
    const before = await snapshot();
    for (const [what, send] of [
      ['another amount', () => p2p(t, alice, bob, 2001, { key, reason: 'Rent' })],
      ['another reason', () => p2p(t, alice, bob, 2000, { key, reason: 'Rent, again' })],
      ['another recipient', () => p2p(t, alice, { accountId: UNKNOWN_ID }, 2000, { key, reason: 'Rent' })],
    ] as const) {
      const res = await send();
      expect(answer(res), what).toEqual(
        what === 'another recipient' ? [404, M.noAccountFound] : [409, MESSAGES.idempotencyKeyMismatch],
      );
    }
    expect(await snapshot()).toEqual(before);
    // The same request with the same key (and a fresh PIN token) is still the first transfer's answer.
    const replay = await p2p(t, alice, bob, '2,000', { key, reason: 'Rent' });
    expect([replay.statusCode, replay.json().data.id]).toEqual([200, first.json().data.id]);
  });

  it('stores the reason sanitised to the inline tags the dashboard allows, for the sender and the receiver alike', async () => {
    const sent = await p2p(t, alice, bob, 1000, {
      reason: 'Stock <b onclick="x()">April</b><img src=x onerror="alert(1)"><script>alert(2)</script>',
    });
    expect(sent.statusCode).toBe(201);
    const id = sent.json().data.id;
    expect(sent.json().data.reason).toBe('Stock <b>April</b>');
    expect((await transferRow(t, bob, id))?.reason).toBe('Stock <b>April</b>');
    const stored = await t.database.db.selectFrom('transfers').select('reason').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.reason).toBe('Stock <b>April</b>');

    const before = await snapshot();
    const onlyMarkup = await p2p(t, alice, bob, 1000, { reason: '<script>alert(1)</script><img src=x>' });
    expect(answer(onlyMarkup)).toEqual([400, M.reasonMissing]);
    expect(await snapshot()).toEqual(before);
  });

  it('a malformed Idempotency-Key is a 400 and moves nothing', async () => {
    const before = await snapshot();
    const token = await pinToken(t, alice);
    for (const key of ['', 'x'.repeat(256), 'tab\there', 'ünïcödé-key']) {
      const res = await p2p(t, alice, bob, 1000, { token, key });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message).toMatch(/Idempotency-Key/);
    }
    expect(await snapshot()).toEqual(before);
    // The token was not spent by the refusals.
    expect((await p2p(t, alice, bob, 1000, { token })).statusCode).toBe(201);
  });

  it('an amount that with its charge is exactly the balance empties the wallet', async () => {
    const { test } = await ugxBalances(t, alice.accountId);
    const res = await p2p(t, alice, bob, test - 500);
    expect(res.statusCode).toBe(201);
    expect((await ugxBalances(t, alice.accountId)).test).toBe(0);
    expect(answer(await p2p(t, alice, bob, 1))).toEqual([400, M.invalidAmount]);
    await fundWallet(t, alice, 500_000);
  });
});
