/**
 * Decision 080: the password step answers a single-use challenge (a cookie), and the code finishes only the sign-in
 * of that challenge's user; the session records how it was proven (amr).
 */
import { MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, postPublic } from '../../testing/http.ts';
import { lastCode } from '../../testing/outbox.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  challengeFrom,
  NEW_PASSWORD,
  otherCode,
  PASSWORD,
  SUBJECTS,
  sessionsOf,
  signUpAndVerify,
  skipCodeCooldown,
  type TestUser,
} from '../../testing/users.ts';
import { CHALLENGE_MAX_ATTEMPTS } from './challenges.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** POST /api/login with the right password: the mailed code and the challenge, as the header that sends it back. */
async function passwordStep(user: TestUser) {
  const res = await postPublic(t, '/api/login', { emailOrPhone: user.email, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  return { res, code: lastCode(t.outboxDir, user.email, SUBJECTS.login), challenge: challengeFrom(res) };
}

const codeStep = (user: TestUser, code: string, challenge: Record<string, string>) =>
  postPublic(t, '/api/login-otp', { emailOrPhone: user.email, code }, challenge);

const challengesOf = (user: TestUser) =>
  t.database.db.selectFrom('sign_in_challenges').selectAll().where('user_id', '=', user.userId).orderBy('created_at').execute();

describe('the sign-in challenge', () => {
  it('is a cookie only the code step gets, stored as a hash, for 10 minutes, naming the factor asked for', async () => {
    const user = await signUpAndVerify(t);
    const { res, challenge } = await passwordStep(user);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^sente_sign_in=[\w-]{43}; Path=\/api\/login-otp; HttpOnly; SameSite=Strict$/);
    const secret = challenge.cookie!.split('=')[1]!;
    const [row, ...more] = await challengesOf(user);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ factor: 'otp', amr: ['pwd'], attempts: 0, consumed_at: null });
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(new Date(row!.expires_at).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
  });

  it('must come with the code: the right code alone signs no one in, and still works with its challenge', async () => {
    const user = await signUpAndVerify(t);
    const { code, challenge } = await passwordStep(user);
    expect(answer(await codeStep(user, code, {}))).toEqual([400, MESSAGES.codeWrong]);
    const madeUp = { cookie: `sente_sign_in=${'A'.repeat(43)}` };
    expect(answer(await codeStep(user, code, madeUp))).toEqual([400, MESSAGES.codeWrong]);
    expect(await sessionsOf(t, user.userId)).toEqual([]);

    const res = await codeStep(user, code, challenge);
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/^sente_sign_in=; Path=\/api\/login-otp; Max-Age=0;/);
  });

  it("of one user cannot finish another's sign-in", async () => {
    const [ada, ben] = [await signUpAndVerify(t), await signUpAndVerify(t)];
    const adas = await passwordStep(ada);
    const bens = await passwordStep(ben);
    // Ada's challenge with Ben's address and code, then with her own address and his code.
    expect(answer(await codeStep(ben, bens.code, adas.challenge))).toEqual([400, MESSAGES.signInAgain]);
    expect(answer(await codeStep(ada, bens.code, adas.challenge))).toEqual([400, MESSAGES.codeWrong]);
    expect(await sessionsOf(t, ada.userId)).toEqual([]);
    expect(await sessionsOf(t, ben.userId)).toEqual([]);

    expect((await codeStep(ben, bens.code, bens.challenge)).statusCode).toBe(200);
    expect((await codeStep(ada, adas.code, adas.challenge)).statusCode).toBe(200);
  });

  it('is refused once used or expired as its code would be, and once the password has changed', async () => {
    const user = await signUpAndVerify(t);
    const first = await passwordStep(user);
    expect((await codeStep(user, first.code, first.challenge)).statusCode).toBe(200);
    const second = await passwordStep(user);
    // The second code is good, but not with the first challenge, which is spent.
    expect(answer(await codeStep(user, second.code, first.challenge))).toEqual([400, MESSAGES.codeExpired]);

    await t.database.db
      .updateTable('sign_in_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.userId)
      .where('consumed_at', 'is', null)
      .execute();
    expect(answer(await codeStep(user, second.code, second.challenge))).toEqual([400, MESSAGES.codeExpired]);
    expect(await sessionsOf(t, user.userId)).toHaveLength(1);

    await skipCodeCooldown(t, user.userId, 'login');
    const third = await passwordStep(user);
    // The next sign-in forgets the challenges expired by then.
    expect((await challengesOf(user)).map((row) => row.consumed_at === null)).toEqual([false, true]);
    await postPublic(t, '/api/password-reset-code', { email_or_phone: user.email });
    const resetCode = lastCode(t.outboxDir, user.email, SUBJECTS.reset);
    const reset = { email_or_phone: user.email, code: resetCode, password: NEW_PASSWORD };
    expect((await postPublic(t, '/api/change-password', reset)).statusCode).toBe(200);
    expect(answer(await codeStep(user, third.code, third.challenge))).toEqual([400, MESSAGES.signInAgain]);
    expect(await sessionsOf(t, user.userId)).toHaveLength(1);
  });

  it(`takes ${CHALLENGE_MAX_ATTEMPTS} wrong codes, across the codes sent meanwhile`, async () => {
    const user = await signUpAndVerify(t);
    const first = await passwordStep(user);
    for (let i = 0; i < 3; i++) {
      expect(answer(await codeStep(user, otherCode(first.code), first.challenge))).toEqual([400, MESSAGES.codeWrong]);
    }
    await skipCodeCooldown(t, user.userId, 'login');
    const second = await passwordStep(user);
    expect(second.code).not.toBe(first.code);
    const wrong = otherCode(second.code);
    expect(answer(await codeStep(user, wrong, first.challenge))).toEqual([400, MESSAGES.codeWrong]);
    expect(answer(await codeStep(user, wrong, first.challenge))).toEqual([400, MESSAGES.codeTooManyAttempts]);
    expect(answer(await codeStep(user, second.code, first.challenge))).toEqual([400, MESSAGES.codeTooManyAttempts]);
    expect(await sessionsOf(t, user.userId)).toEqual([]);

    // The code itself took two wrong tries only: the second sign-in's own challenge still finishes.
    expect((await codeStep(user, second.code, second.challenge)).statusCode).toBe(200);
  });

  it('records on the session how the sign-in was proven, and the guard reads it on every request', async () => {
    const user = await signUpAndVerify(t);
    const { code, challenge } = await passwordStep(user);
    const res = await codeStep(user, code, challenge);
    expect(res.statusCode).toBe(200);
    const [session] = await sessionsOf(t, user.userId);
    expect(session!.amr).toEqual(['pwd', 'otp']);
    const { accessToken } = res.json().data;
    expect((await t.app.services.sessions.authenticate(accessToken)).amr).toEqual(['pwd', 'otp']);
    expect((await t.app.services.sessions.authorize(accessToken)).auth.amr).toEqual(['pwd', 'otp']);
  });
});
