/** The wallet PIN through HTTP: pin_exists, set_pin, verify_pin, the lock and PIN tokens. */
import { formatDateTimeWithZone } from '@sente/contracts/format';
import { WALLET_MESSAGES as M, PIN_LOCK_MINUTES, PIN_MAX_ATTEMPTS, PIN_TOKEN_TTL_SECONDS } from '@sente/contracts/transfers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, post } from '../../testing/http.ts';
import { expectLedgerHolds, type Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fundWallet, PIN, PIN_LOCKED, p2p, payout, pinToken, setPin, WALLET_ENV, WRONG_PIN } from '../../testing/transfers.ts';
import { createBob, createNamedMerchant, moneySnapshot, switchAccount } from '../../testing/transfers-more.ts';
import { createAccount } from '../../testing/users.ts';

let t: TestApp;
/** Sets its PIN in the first test, then guesses at it; funded, so its tokens can move money. */
let xavier: Merchant;
/** Never sets a PIN. */
let carol: Merchant;
/** Receives. */
let bob: Merchant;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  [xavier, carol, bob] = await Promise.all([
    createNamedMerchant(t, 'Xavier Books', { firstname: 'Peter', lastname: 'Ssali' }),
    createNamedMerchant(t, 'Carol Salon', { firstname: 'Ruth', lastname: 'Akello' }),
    createBob(t),
  ]);
  await fundWallet(t, xavier, 100_000);
});
afterAll(() => t?.close());

describe('the wallet PIN: pin_exists, set_pin, verify_pin and PIN tokens', () => {
  afterAll(() => expectLedgerHolds(t));

  const setPinBody = (pin?: unknown) => ({
    user_id: xavier.userId,
    sente_account_id: xavier.accountId,
    active_environment: 'test',
    ...(pin === undefined ? {} : { pin }),
  });
  const pinExists = async (who: Merchant) => {
    const res = await post(t, who, '/api/wallet/pin_exists', { sente_account_id: who.accountId });
    expect(res.statusCode).toBe(200);
    return res.json().pin_exists as boolean;
  };
  const verify = (who: Merchant, pin: unknown) =>
    post(t, who, '/api/wallet/verify_pin', { sente_account_id: who.accountId, pin });
  const pinRow = () =>
    t.database.db
      .selectFrom('wallet_pins')
      .selectAll()
      .where('account_id', '=', xavier.accountId)
      .where('user_id', '=', xavier.userId)
      .executeTakeFirstOrThrow();

  it('pin_exists is false, set_pin refuses malformed PINs, creates one with 201, and refuses a second', async () => {
    const before = await post(t, xavier, '/api/wallet/pin_exists', { sente_account_id: xavier.accountId });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ status: 'SUCCESS', pin_exists: false, data: { pin_exists: false } });

    const malformed: [unknown, string][] = [
      [undefined, M.pinEmpty],
      ['', M.pinEmpty],
      ['   ', M.pinEmpty],
      ['1234', M.pinLength],
      ['123456', M.pinLength],
      ['abcde', M.pinLength],
      ['12a45', M.pinLength],
      // A trivial new PIN is refused, with what to choose instead.
      ['11111', M.pinTooSimple],
      ['12345', M.pinTooSimple],
      ['54321', M.pinTooSimple],
      ['01234', M.pinTooSimple],
    ];
    for (const [pin, message] of malformed) {
      const res = await post(t, xavier, '/api/wallet/set_pin', setPinBody(pin));
      expect(answer(res), `pin ${JSON.stringify(pin)}`).toEqual([400, message]);
    }
    expect(await pinExists(xavier)).toBe(false);

    const created = await post(t, xavier, '/api/wallet/set_pin', setPinBody(PIN));
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ status: 'SUCCESS', message: M.pinCreated });
    expect(await pinExists(xavier)).toBe(true);
    const stored = await pinRow();
    expect(stored.pin_hash).toMatch(/^scrypt\$/);
    expect(stored.pin_hash).not.toContain(PIN);

    const second = await post(t, xavier, '/api/wallet/set_pin', setPinBody('13579'));
    expect(answer(second)).toEqual([400, M.pinExists]);
    // The first PIN stays in force.
    expect((await verify(xavier, PIN)).statusCode).toBe(200);
  });

  it('verify_pin: no PIN yet, a malformed PIN, a wrong one and the right one', async () => {
    expect(answer(await verify(carol, PIN))).toEqual([400, M.pinMissing]);
    expect(answer(await verify(xavier, ''))).toEqual([400, M.pinEmpty]);
    expect(answer(await verify(xavier, '123'))).toEqual([400, M.pinLength]);
    expect(answer(await verify(xavier, WRONG_PIN))).toEqual([400, M.pinInvalidTriesLeft(PIN_MAX_ATTEMPTS - 1)]);
    const right = await verify(xavier, PIN);
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ status: 'SUCCESS', pin_token: expect.any(String) });
    expect(right.json().data.pin_token).toBe(right.json().pin_token);
    expect((await pinRow()).failed_attempts).toBe(0);
  });

  it('five wrong PINs lock even the right one; after the lock the right PIN works and the count starts again', async () => {
    // Each wrong PIN says how many tries are left: 4, 3, 2, then 1.
    for (let i = 1; i < PIN_MAX_ATTEMPTS; i++) {
      expect(answer(await verify(xavier, WRONG_PIN))).toEqual([400, M.pinInvalidTriesLeft(PIN_MAX_ATTEMPTS - i)]);
    }
    const lockedAt = Date.now();
    expect(answer(await verify(xavier, WRONG_PIN))).toEqual([423, PIN_LOCKED]);
    expect(answer(await verify(xavier, PIN))).toEqual([423, PIN_LOCKED]);
    expect(answer(await verify(xavier, WRONG_PIN))).toEqual([423, PIN_LOCKED]);
    const locked = await pinRow();
    expect(locked.failed_attempts).toBe(PIN_MAX_ATTEMPTS);
    const until = new Date(locked.locked_until!).getTime();
    expect(until).toBeGreaterThan(lockedAt + PIN_LOCK_MINUTES * 60_000 - 5_000);
    expect(until).toBeLessThan(Date.now() + PIN_LOCK_MINUTES * 60_000 + 5_000);
    // The lock says until when, in Kampala time (decision 071).
    expect(answer(await verify(xavier, PIN))).toEqual([423, M.pinLockedUntil(formatDateTimeWithZone(locked.locked_until!))]);

    // The service's clock just after the lock: the right PIN answers a token and clears the count.
    const member = { accountId: xavier.accountId, userId: xavier.userId };
    const later = new Date(until + 1000);
    await expect(t.app.services.pins.verify(member, PIN, later)).resolves.toEqual(expect.any(String));
    expect(await pinRow()).toMatchObject({ failed_attempts: 0, locked_until: null });

    // The count starts from zero again: four wrong PINs are only wrong, the fifth locks.
    for (let i = 1; i < PIN_MAX_ATTEMPTS; i++) {
      expect(answer(await verify(xavier, WRONG_PIN))).toEqual([400, M.pinInvalidTriesLeft(PIN_MAX_ATTEMPTS - i)]);
    }
    expect(answer(await verify(xavier, WRONG_PIN))).toEqual([423, PIN_LOCKED]);

    // The lock runs out (moved into the past in the database): a wrong PIN is the first of a new count...
    await t.database.db
      .updateTable('wallet_pins')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('account_id', '=', xavier.accountId)
      .where('user_id', '=', xavier.userId)
      .execute();
    expect(answer(await verify(xavier, WRONG_PIN))).toEqual([400, M.pinInvalidTriesLeft(PIN_MAX_ATTEMPTS - 1)]);
    expect(await pinRow()).toMatchObject({ failed_attempts: 1, locked_until: null });
    // ...and the right PIN works over HTTP and resets it.
    expect((await verify(xavier, PIN)).statusCode).toBe(200);
    expect(await pinRow()).toMatchObject({ failed_attempts: 0, locked_until: null });
  });

  it("a PIN and its tokens belong to one account: one account's token cannot move another's money", async () => {
    const tokenFirst = await pinToken(t, xavier);
    const secondId = await createAccount(t, xavier.accessToken, 'Xavier Stationery');
    const second: Merchant = { ...xavier, accountId: secondId };
    await switchAccount(t, xavier, secondId);
    expect(await pinExists(second)).toBe(false);
    expect(answer(await verify(second, PIN))).toEqual([400, M.pinMissing]);
    await setPin(t, second, '13579');
    // The first account's PIN does not open the second.
    expect(answer(await verify(second, PIN))).toEqual([400, M.pinInvalidTriesLeft(PIN_MAX_ATTEMPTS - 1)]);
    await fundWallet(t, second, 50_000);

    const before = await moneySnapshot(t, xavier.accountId, secondId, bob.accountId);
    expect(before.balances[secondId]!.test).toBeGreaterThan(1000);
    expect(answer(await p2p(t, second, bob, 1000, { token: tokenFirst }))).toEqual([400, M.pinTokenInvalid]);
    const tokenSecond = await pinToken(t, second, '13579');
    await switchAccount(t, xavier, xavier.accountId);
    expect(answer(await p2p(t, xavier, bob, 1000, { token: tokenSecond }))).toEqual([400, M.pinTokenInvalid]);
    expect(await moneySnapshot(t, xavier.accountId, secondId, bob.accountId)).toEqual(before);

    // Each token works on its own account (the refusals did not spend them).
    expect((await p2p(t, xavier, bob, 1000, { token: tokenFirst })).statusCode).toBe(201);
    await switchAccount(t, xavier, secondId);
    expect((await p2p(t, second, bob, 1000, { token: tokenSecond })).statusCode).toBe(201);
    await switchAccount(t, xavier, xavier.accountId);
  });

  it('a used, expired, unknown or missing token is refused and moves nothing', async () => {
    const token = await pinToken(t, xavier);
    expect((await p2p(t, xavier, bob, 1000, { token })).statusCode).toBe(201);
    const before = await moneySnapshot(t, xavier.accountId, bob.accountId);

    expect(answer(await p2p(t, xavier, bob, 1000, { token }))).toEqual([400, M.pinTokenInvalid]);
    expect(answer(await payout(t, xavier, 1000, '0772123456', { token }))).toEqual([400, M.pinTokenInvalid]);
    const member = { accountId: xavier.accountId, userId: xavier.userId };
    const longAgo = new Date(Date.now() - (PIN_TOKEN_TTL_SECONDS + 60) * 1000);
    const expired = await t.app.services.pins.verify(member, PIN, longAgo);
    expect(answer(await p2p(t, xavier, bob, 1000, { token: expired }))).toEqual([400, M.pinTokenInvalid]);
    expect(answer(await p2p(t, xavier, bob, 1000, { token: 'not-a-real-token' }))).toEqual([400, M.pinTokenInvalid]);
    const missing = await post(t, xavier, '/api/wallet-transfers/p2p', {
      recipientAccountId: bob.accountId,
      amount: 1000,
      reason: 'Stock',
    });
    expect(answer(missing)).toEqual([400, M.pinTokenInvalid]);
    expect(await moneySnapshot(t, xavier.accountId, bob.accountId)).toEqual(before);
  });
});
