/**
 * Requests that race each other over HTTP: double submits, retries, transfers that together overdraw, parallel PIN
 * guesses. (wallet-concurrency.test.ts runs a random workload of thousands on PostgreSQL.)
 */
import { randomUUID } from 'node:crypto';
import { WALLET_MESSAGES as M, PIN_MAX_ATTEMPTS } from '@sente/contracts/transfers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, post } from '../../testing/http.ts';
import { expectLedgerHolds, type Merchant, ugxBalances } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fundWallet, PIN, PIN_LOCKED, p2p, pinToken, setPin, WALLET_ENV, WRONG_PIN } from '../../testing/transfers.ts';
import { createAliceAndBob, createNamedMerchant, mintPinToken, moneySnapshot } from '../../testing/transfers-more.ts';

let t: TestApp;
/** Sends the racing transfers. */
let alice: Merchant;
/** Receives them. */
let bob: Merchant;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  ({ alice, bob } = await createAliceAndBob(t));
});
afterAll(() => t?.close());

describe('concurrent requests', () => {
  afterAll(() => expectLedgerHolds(t));

  let dembe: Merchant;
  beforeAll(async () => {
    dembe = await createNamedMerchant(t, 'Dembe Foods', { firstname: 'Dembe', lastname: 'Nalule' });
    await setPin(t, dembe);
  });

  it('a double submit (same Idempotency-Key, same PIN token) answers 201 and 200 with one transfer', async () => {
    const before = await moneySnapshot(t, alice.accountId, bob.accountId);
    const token = await pinToken(t, alice);
    const key = `double-${randomUUID()}`;
    const answers = await Promise.all([p2p(t, alice, bob, 1000, { token, key }), p2p(t, alice, bob, 1000, { token, key })]);
    const after = await moneySnapshot(t, alice.accountId, bob.accountId);
    expect(after.balances[alice.accountId]!.test).toBe(before.balances[alice.accountId]!.test - 1500);
    expect(after.transfers).toBe(before.transfers + 1);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0]!.json().data.id).toBe(answers[1]!.json().data.id);
  });

  it('concurrent retries with the same key and fresh tokens answer one transfer', async () => {
    const before = await moneySnapshot(t, alice.accountId, bob.accountId);
    const tokens = [await pinToken(t, alice), await pinToken(t, alice)];
    const key = `retry-${randomUUID()}`;
    const answers = await Promise.all(tokens.map((token) => p2p(t, alice, bob, 1000, { token, key })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 201]);
    expect(answers[0]!.json().data.id).toBe(answers[1]!.json().data.id);
    expect((await moneySnapshot(t, alice.accountId, bob.accountId)).transfers).toBe(before.transfers + 1);
  });

  it('two transfers that together exceed the balance: one goes through, the other is Invalid Amount', async () => {
    const sender = await createNamedMerchant(t, 'Small Shop', { firstname: 'Akiki', lastname: 'Mwesige' });
    const funds = await fundWallet(t, sender, 10_000);
    const amount = Math.floor(funds / 2) + 1000;
    const tokens = [await mintPinToken(t, sender), await mintPinToken(t, sender)];
    const answers = await Promise.all(tokens.map((token) => p2p(t, sender, bob, amount, { token })));
    expect(answers.map(answer).sort()).toEqual([
      [201, M.transferSuccessful],
      [400, M.invalidAmount],
    ]);
    expect((await ugxBalances(t, sender.accountId)).test).toBe(funds - amount - 500);
  });

  it('wrong PINs guessed in parallel still lock: a right PIN among them does not get through or lift the lock', async () => {
    const verify = (pin: string) => post(t, dembe, '/api/wallet/verify_pin', { pin });
    // Nine wrong guesses at once; once five have been answered the lock stands, while up to four are still being
    // checked. (Sending the right PIN a fixed time after them instead raced the machine's load and could let it
    // be checked first, when it rightly passes.)
    let answered = 0;
    let lockStands = () => {};
    const locked = new Promise<void>((resolve) => {
      lockStands = resolve;
    });
    const wrong = Array.from({ length: 9 }, () =>
      verify(WRONG_PIN).then((res) => {
        answered += 1;
        if (answered === PIN_MAX_ATTEMPTS) lockStands();
        return res;
      }),
    );
    await locked;
    const right = await verify(PIN);
    const wrongAnswers = await Promise.all(wrong);
    expect(answer(right)).toEqual([423, PIN_LOCKED]);
    expect(wrongAnswers.map((res) => res.statusCode).filter((status) => status === 423).length).toBeGreaterThanOrEqual(5);
    // The right PIN neither got a token nor lifted the lock.
    expect(answer(await verify(PIN))).toEqual([423, PIN_LOCKED]);
  });
});
