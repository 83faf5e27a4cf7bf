/** A member changes the wallet PIN with the old one, or resets a forgotten one with an e-mailed code. */
import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@sente/contracts/constants';
import { OTP_MAX_ATTEMPTS } from '@sente/contracts/constants';
import { MESSAGES } from '@sente/contracts/messages';
import { WALLET_MESSAGES as M, PIN_MAX_ATTEMPTS } from '@sente/contracts/transfers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, post } from '../../testing/http.ts';
import { lastCode, lastMessage, readOutbox } from '../../testing/outbox.ts';
import { expectLedgerHolds, type Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fundWallet, PIN, PIN_LOCKED, p2p, pinToken, setPin, WALLET_ENV, WRONG_PIN } from '../../testing/transfers.ts';
import { createBob, createMember, createNamedMerchant, moneySnapshot, switchAccount } from '../../testing/transfers-more.ts';
import { codeRows, createAccount, expireCodes, otherCode, skipCodeCooldown } from '../../testing/users.ts';

const NEW_PIN = '97531';
const RESET_SUBJECT = 'Reset your Sente wallet PIN';
const NOTICE_SUBJECT = 'Your Sente wallet PIN was changed';

let t: TestApp;
/** Changes and resets her PIN. */
let alice: Merchant;
/** Receives, so that a PIN token can be tried on a transfer. */
let bob: Merchant;

beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  [alice, bob] = await Promise.all([
    createNamedMerchant(t, 'Alice Crafts', { firstname: 'Grace', lastname: 'Namutebi' }),
    createBob(t),
  ]);
  await fundWallet(t, alice, 100_000);
});
afterAll(() => t?.close());

const change = (who: Merchant, old_pin: unknown, new_pin: unknown, new_pin_confirmation: unknown = new_pin) =>
  post(t, who, '/api/wallet/change_pin', { sente_account_id: who.accountId, old_pin, new_pin, new_pin_confirmation });
const askCode = (who: Merchant) => post(t, who, '/api/wallet/pin_reset_code', { sente_account_id: who.accountId });
const reset = (who: Merchant, code: unknown, new_pin: unknown, new_pin_confirmation: unknown = new_pin) =>
  post(t, who, '/api/wallet/reset_pin', { sente_account_id: who.accountId, code, new_pin, new_pin_confirmation });
const verify = (who: Merchant, pin: string) => post(t, who, '/api/wallet/verify_pin', { pin });
const pinRow = (who: Merchant) =>
  t.database.db
    .selectFrom('wallet_pins')
    .selectAll()
    .where('account_id', '=', who.accountId)
    .where('user_id', '=', who.userId)
    .executeTakeFirstOrThrow();
/** A refusal's status, message, and the fields of the body it names (a form shows each message under its field). */
const refusal = (res: { statusCode: number; json: () => { message?: string; fields?: Record<string, string> } }) => [
  res.statusCode,
  res.json().message,
  res.json().fields,
];
const notices = (who: Merchant) => readOutbox(t.outboxDir, who.email).filter((m) => m.includes(`Subject: ${NOTICE_SUBJECT}`));

describe('POST /api/wallet/change_pin', () => {
  afterAll(() => expectLedgerHolds(t));

  it('needs a PIN first, and refuses malformed PINs and a confirmation that does not match', async () => {
    expect(answer(await change(alice, PIN, NEW_PIN))).toEqual([400, M.pinMissing]);
    await setPin(t, alice);
    expect(answer(await change(alice, '', NEW_PIN))).toEqual([400, M.pinEmpty]);
    expect(answer(await change(alice, PIN, '123'))).toEqual([400, M.pinLength]);
    // A trivial new PIN is refused under the new PIN's boxes.
    for (const trivial of ['22222', '56789', '98765']) {
      expect(refusal(await change(alice, PIN, trivial))).toEqual([400, M.pinTooSimple, { new_pin: M.pinTooSimple }]);
    }
    expect(refusal(await change(alice, PIN, NEW_PIN, '13579'))).toEqual([
      400,
      M.pinsDoNotMatch,
      { new_pin_confirmation: M.pinsDoNotMatch },
    ]);
    expect(refusal(await change(alice, PIN, PIN))).toEqual([400, M.pinUnchanged, { new_pin: M.pinUnchanged }]);
    expect((await verify(alice, PIN)).statusCode).toBe(200);
  });

  it('replaces the PIN given the old one, voids the tokens the old one gave, and tells the member by e-mail', async () => {
    const oldToken = await pinToken(t, alice);
    const res = await change(alice, PIN, NEW_PIN);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'SUCCESS', message: M.pinChanged });
    expect((await pinRow(alice)).pin_hash).not.toContain(NEW_PIN);

    const wrong = M.pinInvalidTriesLeft(PIN_MAX_ATTEMPTS - 1);
    expect(refusal(await verify(alice, PIN))).toEqual([400, wrong, { pin: wrong }]);
    const before = await moneySnapshot(t, alice.accountId, bob.accountId);
    expect(answer(await p2p(t, alice, bob, 1000, { token: oldToken }))).toEqual([400, M.pinTokenInvalid]);
    expect(await moneySnapshot(t, alice.accountId, bob.accountId)).toEqual(before);
    expect((await p2p(t, alice, bob, 1000, { token: await pinToken(t, alice, NEW_PIN) })).statusCode).toBe(201);

    const notice = lastMessage(t.outboxDir, alice.email);
    expect(notice?.subject).toBe(NOTICE_SUBJECT);
    expect(notice?.text).toContain('Alice Crafts');
    expect(notice?.text).not.toContain(NEW_PIN);
  });

  it('counts a wrong old PIN towards the lock, and a locked PIN cannot be changed', async () => {
    const first = M.pinInvalidTriesLeft(PIN_MAX_ATTEMPTS - 1);
    expect(refusal(await change(alice, WRONG_PIN, '13579'))).toEqual([400, first, { old_pin: first }]);
    for (let i = 2; i < PIN_MAX_ATTEMPTS; i++)
      expect(answer(await change(alice, WRONG_PIN, '13579'))).toEqual([400, M.pinInvalidTriesLeft(PIN_MAX_ATTEMPTS - i)]);
    expect(answer(await change(alice, WRONG_PIN, '13579'))).toEqual([423, PIN_LOCKED]);
    expect(answer(await change(alice, NEW_PIN, '13579'))).toEqual([423, PIN_LOCKED]);
    expect(answer(await verify(alice, NEW_PIN))).toEqual([423, PIN_LOCKED]);
  });
});

describe('POST /api/wallet/pin_reset_code and /api/wallet/reset_pin', () => {
  afterAll(() => expectLedgerHolds(t));

  it('e-mails a 6-digit code, stored only as a hash, and no sooner than 50 s after the last', async () => {
    const res = await askCode(alice);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'SUCCESS',
      message: M.pinResetCodeSent,
      data: { email: alice.email, last_code_sent_at: expect.any(String), sms_to: null },
    });
    const code = lastCode(t.outboxDir, alice.email, RESET_SUBJECT);
    const [row] = await codeRows(t, alice.userId, 'wallet_pin_reset');
    expect(row!.code_hash).not.toContain(code);
    expect(new Date(row!.expires_at).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);

    const again = await askCode(alice);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^Please wait \d+ seconds before requesting a new code$/);
    expect(lastCode(t.outboxDir, alice.email, RESET_SUBJECT)).toBe(code);
  });

  it('refuses a wrong code; five wrong tries void the code, the right one included', async () => {
    const code = lastCode(t.outboxDir, alice.email, RESET_SUBJECT);
    expect(refusal(await reset(alice, '12345', '13579'))).toEqual([400, MESSAGES.codeFormat, { code: MESSAGES.codeFormat }]);
    expect(answer(await reset(alice, code, '13579', '24680'))).toEqual([400, M.pinsDoNotMatch]);
    expect(refusal(await reset(alice, otherCode(code), '13579'))).toEqual([
      400,
      MESSAGES.codeWrong,
      { code: MESSAGES.codeWrong },
    ]);
    for (let i = 2; i < OTP_MAX_ATTEMPTS; i++) {
      expect(answer(await reset(alice, otherCode(code), '13579'))).toEqual([400, MESSAGES.codeWrong]);
    }
    expect(refusal(await reset(alice, otherCode(code), '13579'))).toEqual([
      400,
      MESSAGES.codeTooManyAttempts,
      { code: MESSAGES.codeTooManyAttempts },
    ]);
    expect(refusal(await reset(alice, code, '13579'))).toEqual([
      400,
      MESSAGES.codeTooManyAttempts,
      { code: MESSAGES.codeTooManyAttempts },
    ]);
    expect(answer(await verify(alice, NEW_PIN))).toEqual([423, PIN_LOCKED]);
  });

  it('refuses an expired code', async () => {
    await skipCodeCooldown(t, alice.userId, 'wallet_pin_reset');
    expect((await askCode(alice)).statusCode).toBe(200);
    const code = lastCode(t.outboxDir, alice.email, RESET_SUBJECT);
    await expireCodes(t, alice.userId);
    expect(refusal(await reset(alice, code, '13579'))).toEqual([400, MESSAGES.codeExpired, { code: MESSAGES.codeExpired }]);
  });

  it('with the right code sets the new PIN, ends the lock, is used up, and tells the member', async () => {
    await skipCodeCooldown(t, alice.userId, 'wallet_pin_reset');
    expect((await askCode(alice)).statusCode).toBe(200);
    const code = lastCode(t.outboxDir, alice.email, RESET_SUBJECT);
    expect((await pinRow(alice)).locked_until).not.toBeNull();
    const noticesBefore = notices(alice).length;

    expect(refusal(await reset(alice, code, '43210'))).toEqual([400, M.pinTooSimple, { new_pin: M.pinTooSimple }]);
    const res = await reset(alice, code, '13579');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'SUCCESS', message: M.pinReset });
    expect(await pinRow(alice)).toMatchObject({ failed_attempts: 0, locked_until: null });
    expect(answer(await verify(alice, NEW_PIN))).toEqual([400, M.pinInvalidTriesLeft(PIN_MAX_ATTEMPTS - 1)]);
    expect((await p2p(t, alice, bob, 1000, { token: await pinToken(t, alice, '13579') })).statusCode).toBe(201);
    expect(notices(alice)).toHaveLength(noticesBefore + 1);

    expect(answer(await reset(alice, code, '24680'))).toEqual([400, MESSAGES.codeExpired]);
    expect((await verify(alice, '13579')).statusCode).toBe(200);
  });

  it("voids the old PIN's tokens, and resets only the caller's own PIN on the current account", async () => {
    const ops = await createMember(t, alice, 'operations', { firstname: 'Brenda', lastname: 'Achieng' });
    await setPin(t, ops, '11223');
    const annexId = await createAccount(t, alice.accessToken, 'Alice Annex');
    const annex: Merchant = { ...alice, accountId: annexId };
    await switchAccount(t, alice, annexId);
    await setPin(t, annex, '55557');
    await switchAccount(t, alice, alice.accountId);

    // A token the old PIN gave (as if on another device) dies with it.
    const stale = await pinToken(t, alice, '13579');
    await skipCodeCooldown(t, alice.userId, 'wallet_pin_reset');
    expect((await askCode(alice)).statusCode).toBe(200);
    expect((await reset(alice, lastCode(t.outboxDir, alice.email, RESET_SUBJECT), '86420')).statusCode).toBe(200);
    expect(answer(await p2p(t, alice, bob, 1000, { token: stale }))).toEqual([400, M.pinTokenInvalid]);
    expect((await verify(alice, '86420')).statusCode).toBe(200);
    expect((await verify(ops, '11223')).statusCode).toBe(200);
    await switchAccount(t, alice, annexId);
    expect((await verify(annex, '55557')).statusCode).toBe(200);
    await switchAccount(t, alice, alice.accountId);
    // An account id in the body must be the caller's current account.
    const elsewhere = await post(t, alice, '/api/wallet/pin_reset_code', { sente_account_id: bob.accountId });
    expect(answer(elsewhere)).toEqual([404, MESSAGES.accountNotFound]);
  });
});

describe('who may change the PIN', () => {
  const calls = (who: Merchant): [string, object][] => [
    [
      '/api/wallet/change_pin',
      { sente_account_id: who.accountId, old_pin: PIN, new_pin: NEW_PIN, new_pin_confirmation: NEW_PIN },
    ],
    ['/api/wallet/pin_reset_code', {}],
    ['/api/wallet/reset_pin', { code: '123456', new_pin: NEW_PIN, new_pin_confirmation: NEW_PIN }],
  ];

  it('needs a session', async () => {
    for (const [url, body] of calls(alice)) {
      expect((await t.app.inject({ method: 'POST', url, payload: body })).statusCode, url).toBe(401);
    }
  });

  it.each(['developer', 'customer_support', 'user'] as StaffRole[])('refuses %s (no moveMoney right)', async (role) => {
    const member = await createMember(t, alice, role, { firstname: 'View', lastname: randomUUID().slice(0, 8) });
    for (const [url, body] of calls(member)) {
      expect(answer(await post(t, member, url, body)), `${role} ${url}`).toEqual([403, MESSAGES.forbiddenForRole]);
    }
    expect(readOutbox(t.outboxDir, member.email).some((m) => m.includes(RESET_SUBJECT))).toBe(false);
  });
});

describe('the PIN rate limit', () => {
  it('limits each of the three routes as the other PIN routes are (PIN_RATE_LIMIT_PER_MINUTE)', async () => {
    const limited = await createTestApp({ ...WALLET_ENV, PIN_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const carol = await createNamedMerchant(limited, 'Carol Salon', { firstname: 'Ruth', lastname: 'Akello' });
      for (const url of ['/api/wallet/change_pin', '/api/wallet/pin_reset_code', '/api/wallet/reset_pin']) {
        const answers = [];
        for (let i = 0; i < 3; i++) {
          const res = await post(limited, carol, url, {});
          answers.push([res.headers['x-ratelimit-limit'], res.json().message]);
        }
        // The route's own refusals first (a second code within 50 s is a 429 of its own), then the limit's.
        expect(
          answers.map(([limit]) => limit),
          url,
        ).toEqual(['2', '2', '2']);
        expect(
          answers.slice(0, 2).map(([, message]) => message),
          url,
        ).not.toContain(MESSAGES.tooManyRequests);
        expect(answers[2]![1], url).toBe(MESSAGES.tooManyRequests);
      }
    } finally {
      await limited.close();
    }
  });
});
