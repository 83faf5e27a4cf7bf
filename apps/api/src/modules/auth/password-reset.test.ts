/** Password reset: a mailed code, a new password, and every session signed out. */
import { MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { error, postPublic } from '../../testing/http.ts';
import { lastCode, readOutbox } from '../../testing/outbox.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  codeRows,
  expireCodes,
  findUser,
  getProfile,
  NEW_PASSWORD,
  otherCode,
  PASSWORD,
  SUBJECTS,
  sessionsOf,
  signIn,
  signUp,
  signUpAndVerify,
  uniqueEmail,
} from '../../testing/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('password reset', () => {
  it('answers success for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const countCodes = async () =>
      Number(
        (await t.database.db
          .selectFrom('one_time_codes')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirst())!.n,
      );
    const before = await countCodes();
    const res = await postPublic(t, '/api/password-reset-code', { email_or_phone: email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MESSAGES.resetCodeSent, data: null });
    expect(readOutbox(t.outboxDir, email)).toEqual([]);
    expect(await findUser(t, email)).toBeUndefined();
    expect(await countCodes()).toBe(before);
  });

  it('changes the password with the mailed code, signs every session out, and the new password signs in', async () => {
    const user = await signUpAndVerify(t);
    const old = await t.app.services.sessions.start(user.userId, null, ['pwd', 'otp']);

    const res = await postPublic(t, '/api/password-reset-code', { email_or_phone: user.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MESSAGES.resetCodeSent, data: null });
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.reset);
    const [row] = await codeRows(t, user.userId, 'password_reset');
    expect(JSON.stringify(row)).not.toContain(code);

    // Inside the cooldown the answer is the same as for any address, and no second code is sent.
    const early = await postPublic(t, '/api/password-reset-code', { email_or_phone: user.email });
    expect(early.statusCode).toBe(200);
    expect(early.json()).toEqual({ status: 'success', message: MESSAGES.resetCodeSent, data: null });
    expect(readOutbox(t.outboxDir, user.email).filter((m) => m.includes(SUBJECTS.reset))).toHaveLength(1);

    const hashBefore = (await findUser(t, user.email))!.password_hash;
    const changed = await postPublic(t, '/api/change-password', { email_or_phone: user.email, code, password: NEW_PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ status: 'success', message: MESSAGES.passwordChanged, data: null });
    expect((await findUser(t, user.email))!.password_hash).not.toBe(hashBefore);
    expect((await sessionsOf(t, user.userId)).every((s) => s.revoked_at !== null)).toBe(true);
    expect((await getProfile(t, old.accessToken)).statusCode).toBe(401);
    expect((await postPublic(t, '/api/refresh-token', { refreshToken: old.refreshToken })).statusCode).toBe(401);

    const reused = await postPublic(t, '/api/change-password', { email_or_phone: user.email, code, password: 'Third#Pass77' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject(error(MESSAGES.codeExpired));

    const withOld = await postPublic(t, '/api/login', { emailOrPhone: user.email, password: PASSWORD });
    expect(withOld.json()).toMatchObject(error(MESSAGES.invalidCredentials));
    const signedIn = await signIn(t, user.email, NEW_PASSWORD);
    expect((await getProfile(t, signedIn.accessToken)).statusCode).toBe(200);
  });

  it('refuses a wrong and an expired code, and leaves the password alone', async () => {
    const user = await signUpAndVerify(t);
    expect((await postPublic(t, '/api/password-reset-code', { email_or_phone: user.email })).statusCode).toBe(200);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.reset);
    const hashBefore = (await findUser(t, user.email))!.password_hash;

    const wrong = await postPublic(t, '/api/change-password', {
      email_or_phone: user.email,
      code: otherCode(code),
      password: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject(error(MESSAGES.codeWrong));

    await expireCodes(t, user.userId);
    const expired = await postPublic(t, '/api/change-password', { email_or_phone: user.email, code, password: NEW_PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject(error(MESSAGES.codeExpired));
    expect((await findUser(t, user.email))!.password_hash).toBe(hashBefore);
  });

  it('verifies an unverified account, since the code proves the address', async () => {
    const user = await signUp(t);
    expect((await postPublic(t, '/api/password-reset-code', { email_or_phone: user.email })).statusCode).toBe(200);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.reset);
    const res = await postPublic(t, '/api/change-password', { email_or_phone: user.email, code, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await findUser(t, user.email))!.verified_at).toBeInstanceOf(Date);
  });

  it.each([
    ['an empty body', {}, [MESSAGES.emailRequired]],
    ['a blank email', { email_or_phone: '' }, [MESSAGES.emailRequired]],
  ])('password-reset-code answers 400 for %s', async (_, payload, errors) => {
    const res = await postPublic(t, '/api/password-reset-code', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(errors[0]!, errors));
  });

  const base = { email_or_phone: 'a@example.com', code: '123456', password: NEW_PASSWORD };
  it.each([
    ['an empty body', {}, [MESSAGES.emailRequired, MESSAGES.otpRequired, MESSAGES.resetPasswordWeak]],
    ['no code', { ...base, code: undefined }, [MESSAGES.otpRequired]],
    ['a short code', { ...base, code: '123' }, [MESSAGES.codeFormat]],
    ['no password', { ...base, password: undefined }, [MESSAGES.resetPasswordWeak]],
    ['a password without a number', { ...base, password: 'Password!' }, [MESSAGES.resetPasswordWeak]],
    ['a password without a special character', { ...base, password: 'Password1' }, [MESSAGES.resetPasswordWeak]],
    ['a short password', { ...base, password: 'Pa1!' }, [MESSAGES.resetPasswordWeak]],
  ])('change-password answers 400 for %s', async (_, payload, errors) => {
    const res = await postPublic(t, '/api/change-password', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(errors[0]!, errors));
  });
});
