/**
 * Decision 015: wrong passwords and wrong codes are throttled per account (10 in 15 minutes), beside the per-IP limit,
 * so one account cannot be tried from many addresses; unknown addresses behave exactly like known ones.
 */
import { randomInt } from 'node:crypto';
import { MESSAGES } from '@sente/contracts/messages';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { error } from '../../testing/http.ts';
import { lastCode } from '../../testing/outbox.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  challengeFrom,
  NEW_PASSWORD,
  otherCode,
  PASSWORD,
  SUBJECTS,
  signUpAndVerify,
  skipCodeCooldown,
  type TestUser,
  uniqueEmail,
} from '../../testing/users.ts';
import { FAILURE_LIMIT, FAILURE_WINDOW_MS, failureKeys } from './throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every attempt from an address of its own: the per-IP limit never plays a part. */
const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const send = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: randomIp() });
const login = (emailOrPhone: string, password: string) => send('/api/login', { emailOrPhone, password });
const outcome = (res: { statusCode: number; json: () => { message?: string } }) => `${res.statusCode} ${res.json().message}`;

const LOCKED = error(MESSAGES.tooManyFailedAttempts(15));
const WRONG_PASSWORD = 'Wrong#pass1';

/** Makes as many wrong-password attempts as the limit allows, each from a new address, all answered 400. */
async function wrongPasswords(emailOrPhone: string, times = FAILURE_LIMIT) {
  for (let i = 0; i < times; i++)
    expect(outcome(await login(emailOrPhone, WRONG_PASSWORD))).toBe(`400 ${MESSAGES.invalidCredentials}`);
}

/** Moves every failure window of these keys' counts into the past, as if 15 minutes had gone by. */
async function endWindows(keys: string[]) {
  await sql`update auth_failures set window_ends_at = now() - interval '1 second' where key in (${sql.join(keys)})`.execute(
    t.database.db,
  );
}

describe('wrong passwords, per account', () => {
  it('lock the account after 10 from 10 addresses: the right password is refused too, with Retry-After', async () => {
    const user = await signUpAndVerify(t);
    await wrongPasswords(user.email);

    for (const password of [PASSWORD, WRONG_PASSWORD]) {
      const res = await login(user.email, password);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(LOCKED);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(FAILURE_WINDOW_MS / 1000 - 60);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(FAILURE_WINDOW_MS / 1000);
    }
    // The address in another case is the same account.
    expect((await login(user.email.toUpperCase(), PASSWORD)).statusCode).toBe(429);
  });

  it('answer an unknown address exactly as a known one, attempt by attempt', async () => {
    const known = await signUpAndVerify(t);
    const unknown = uniqueEmail('nobody');
    const answers = async (email: string) => {
      const seen: string[] = [];
      for (let i = 0; i < FAILURE_LIMIT + 2; i++) seen.push(outcome(await login(email, WRONG_PASSWORD)));
      return seen;
    };
    const forUnknown = await answers(unknown);
    expect(await answers(known.email)).toEqual(forUnknown);
    expect(forUnknown.at(-1)).toBe(`429 ${LOCKED.message}`);
  });

  it('end with their window: then the right password signs in', async () => {
    const user = await signUpAndVerify(t);
    await wrongPasswords(user.email);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(429);
    await endWindows(failureKeys(user.email, user.userId));
    expect(outcome(await login(user.email, PASSWORD))).toBe(`200 ${MESSAGES.loginCodeSent}`);
  });

  it('are not reset by a right password in between, which takes back only its own attempt', async () => {
    const user = await signUpAndVerify(t);
    await wrongPasswords(user.email, FAILURE_LIMIT - 1);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
    await wrongPasswords(user.email, 1);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(429);
  });

  it('are counted for the user across the e-mail and the phone number it signs in with', async () => {
    const user = await signUpAndVerify(t);
    await t.database.db.updateTable('users').set({ phone: '+256772123456' }).where('id', '=', user.userId).execute();
    await wrongPasswords(user.email, FAILURE_LIMIT / 2);
    await wrongPasswords('+256 772 123 456', FAILURE_LIMIT / 2);
    expect((await login(user.email, PASSWORD)).json()).toEqual(LOCKED);
    expect((await login('256772123456', PASSWORD)).json()).toEqual(LOCKED);
    expect((await login('0772 123 456', PASSWORD)).json()).toEqual(LOCKED);
  });

  it('sent all at once, let no more than 10 be tried', async () => {
    const user = await signUpAndVerify(t);
    const answers = await Promise.all(Array.from({ length: FAILURE_LIMIT + 5 }, () => login(user.email, WRONG_PASSWORD)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array(FAILURE_LIMIT).fill(400), ...Array(5).fill(429)]);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(429);
  });

  it('leave other accounts alone', async () => {
    const [locked, other] = [await signUpAndVerify(t), await signUpAndVerify(t)];
    await wrongPasswords(locked.email);
    expect((await login(locked.email, PASSWORD)).statusCode).toBe(429);
    expect((await login(other.email, PASSWORD)).statusCode).toBe(200);
  });

  it('are forgotten when the password is reset, since the code proves the mailbox', async () => {
    const user = await signUpAndVerify(t);
    await wrongPasswords(user.email);
    expect((await login(user.email, PASSWORD)).statusCode).toBe(429);
    expect((await send('/api/password-reset-code', { email_or_phone: user.email })).statusCode).toBe(200);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.reset);
    const reset = await send('/api/change-password', { email_or_phone: user.email, code, password: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    expect(outcome(await login(user.email, NEW_PASSWORD))).toBe(`200 ${MESSAGES.loginCodeSent}`);
  });
});

describe('wrong codes, per account', () => {
  /** POST /api/login with the right password and answers the mailed sign-in code, with the login's challenge. */
  async function loginCode(user: TestUser): Promise<{ code: string; challenge: Record<string, string> }> {
    await skipCodeCooldown(t, user.userId, 'login');
    const res = await login(user.email, PASSWORD);
    expect(res.statusCode).toBe(200);
    return { code: lastCode(t.outboxDir, user.email, SUBJECTS.login), challenge: challengeFrom(res) };
  }
  const loginOtp = (emailOrPhone: string, code: string, challenge: Record<string, string> = {}) =>
    send('/api/login-otp', { emailOrPhone, code }, challenge);

  it('lock code checks after 10 over two codes: the right code is refused, and so is a reset code', async () => {
    const user = await signUpAndVerify(t);
    for (let round = 0; round < 2; round++) {
      const { code, challenge } = await loginCode(user);
      for (let i = 1; i <= 5; i++) {
        const res = await loginOtp(user.email, otherCode(code), challenge);
        expect(res.json().message).toBe(i < 5 ? MESSAGES.codeWrong : MESSAGES.codeTooManyAttempts);
      }
    }
    const { code, challenge } = await loginCode(user);
    const res = await loginOtp(user.email, code, challenge);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(LOCKED);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);

    await send('/api/password-reset-code', { email_or_phone: user.email });
    const resetCode = lastCode(t.outboxDir, user.email, SUBJECTS.reset);
    const reset = await send('/api/change-password', { email_or_phone: user.email, code: resetCode, password: NEW_PASSWORD });
    expect(reset.json()).toEqual(LOCKED);

    // Wrong passwords are counted apart: the password still gets a code sent.
    expect((await login(user.email, PASSWORD)).statusCode).toBe(200);
    await endWindows(failureKeys(user.email, user.userId));
    const fresh = await loginCode(user);
    expect((await loginOtp(user.email, fresh.code, fresh.challenge)).statusCode).toBe(200);
  });

  it('lock an unknown address after 10 too, on every code check', async () => {
    const unknown = uniqueEmail('nobody');
    const seen: string[] = [];
    for (let i = 0; i < FAILURE_LIMIT + 1; i++) seen.push(outcome(await loginOtp(unknown, '123456')));
    expect(seen).toEqual([...Array(FAILURE_LIMIT).fill(`400 ${MESSAGES.codeWrong}`), `429 ${LOCKED.message}`]);
    const verify = await send('/api/verify-account', { email_or_phone: unknown, code: '123456' });
    expect(verify.json()).toEqual(LOCKED);
  });

  it('count at verify-account too', async () => {
    const email = uniqueEmail();
    const signUp = await send('/api/sign-up', { firstname: 'Amina', lastname: 'Nakato', email, password: PASSWORD });
    expect(signUp.statusCode).toBe(201);
    const userId: string = signUp.json().data.user_id;
    for (let round = 0; round < 2; round++) {
      await skipCodeCooldown(t, userId, 'verify_account');
      expect((await send('/api/resend-account-verification-code', { email_or_phone: email })).statusCode).toBe(200);
      const code = lastCode(t.outboxDir, email, SUBJECTS.verify);
      for (let i = 0; i < 5; i++) await send('/api/verify-account', { email_or_phone: email, code: otherCode(code) });
    }
    await skipCodeCooldown(t, userId, 'verify_account');
    await send('/api/resend-account-verification-code', { email_or_phone: email });
    const code = lastCode(t.outboxDir, email, SUBJECTS.verify);
    expect((await send('/api/verify-account', { email_or_phone: email, code })).json()).toEqual(LOCKED);
  });
});
