import { ERROR_CODES } from '@sente/contracts/constants';
/** Signing in: the password, then the mailed code, which starts a session. */
import { MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { error, postPublic } from '../../testing/http.ts';
import { lastCode, readOutbox } from '../../testing/outbox.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  challengeFrom,
  codeRows,
  expireCodes,
  getProfile,
  otherCode,
  PASSWORD,
  SUBJECTS,
  sessionsOf,
  signIn,
  signUp,
  signUpAndVerify,
  skipCodeCooldown,
  uniqueEmail,
} from '../../testing/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/login and /api/login-otp', () => {
  it('sends a code, reuses it on a second login within the cooldown, and signs in with it once', async () => {
    const user = await signUpAndVerify(t);
    const res = await postPublic(t, '/api/login', { emailOrPhone: user.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      status: 'success',
      message: MESSAGES.loginCodeSent,
      data: { email: user.email, last_code_sent_at: expect.any(String), sms_to: null },
    });
    const loginMails = () => readOutbox(t.outboxDir, user.email).filter((m) => m.includes(`Subject: ${SUBJECTS.login}`));
    expect(loginMails()).toHaveLength(1);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.login);

    const second = await postPublic(t, '/api/login', { emailOrPhone: user.email, password: PASSWORD });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual(body.data);
    expect(loginMails()).toHaveLength(1);
    expect(await codeRows(t, user.userId, 'login')).toHaveLength(1);

    const otp = await t.app.inject({
      method: 'POST',
      url: '/api/login-otp',
      payload: { emailOrPhone: user.email, code },
      headers: { 'user-agent': 'vitest-agent', ...challengeFrom(second) },
    });
    expect(otp.statusCode).toBe(200);
    const data = otp.json().data;
    expect(otp.json().status).toBe('success');
    expect(data).toEqual({
      user: expect.objectContaining({ user_id: user.userId, email: user.email, firstname: 'Amina', current_account: null }),
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    const sessions = await sessionsOf(t, user.userId);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ user_agent: 'vitest-agent', revoked_at: null });
    expect(data.refreshToken.startsWith(`${sessions[0]!.id}.`)).toBe(true);
    expect(sessions[0]!.refresh_hash).not.toContain(data.refreshToken.split('.')[1]);
    const [row] = await codeRows(t, user.userId, 'login');
    expect(row!.consumed_at).toBeInstanceOf(Date);
    expect(JSON.stringify(row)).not.toContain(code);

    const me = await getProfile(t, data.accessToken);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user_id).toBe(user.userId);

    // The first login's challenge is still open: the code it is sent with has been used.
    const reused = await postPublic(t, '/api/login-otp', { emailOrPhone: user.email, code }, challengeFrom(res));
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject(error(MESSAGES.codeExpired));
    expect(await sessionsOf(t, user.userId)).toHaveLength(1);
  });

  it('mails a new code when the last one was already used, instead of pointing at it', async () => {
    const user = await signUpAndVerify(t);
    const first = await signIn(t, user.email);
    const mailsBefore = readOutbox(t.outboxDir, user.email).length;

    const again = await postPublic(t, '/api/login', { emailOrPhone: user.email, password: PASSWORD });
    expect(again.statusCode).toBe(200);
    expect(readOutbox(t.outboxDir, user.email)).toHaveLength(mailsBefore + 1);
    expect(await codeRows(t, user.userId, 'login')).toHaveLength(2);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.login);
    const otp = await postPublic(t, '/api/login-otp', { emailOrPhone: user.email, code }, challengeFrom(again));
    expect(otp.statusCode).toBe(200);
    expect(otp.json().data.refreshToken).not.toBe(first.refreshToken);
    expect(await sessionsOf(t, user.userId)).toHaveLength(2);
  });

  it('answers 403 ACCOUNT_NOT_VERIFIED for an unverified user, re-sending the verification code after the cooldown', async () => {
    const user = await signUp(t);
    const res = await postPublic(t, '/api/login', { emailOrPhone: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      status: 'error',
      message: MESSAGES.accountNotVerified,
      code: ERROR_CODES.accountNotVerified,
    });
    expect(readOutbox(t.outboxDir, user.email)).toHaveLength(1);
    expect(await codeRows(t, user.userId, 'login')).toEqual([]);

    await skipCodeCooldown(t, user.userId, 'verify_account');
    const later = await postPublic(t, '/api/login', { emailOrPhone: user.email, password: PASSWORD });
    expect(later.statusCode).toBe(403);
    expect(later.json().code).toBe(ERROR_CODES.accountNotVerified);
    const mails = readOutbox(t.outboxDir, user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain(`Subject: ${SUBJECTS.verify}`);
  });

  it('answers the same message for a wrong password and an unknown user, and sends nothing', async () => {
    const user = await signUpAndVerify(t);
    const wrong = await postPublic(t, '/api/login', { emailOrPhone: user.email, password: 'Wrong#Pass1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject(error(MESSAGES.invalidCredentials));
    const unknown = await postPublic(t, '/api/login', { emailOrPhone: uniqueEmail('nobody'), password: PASSWORD });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject(error(MESSAGES.invalidCredentials));
    expect(await codeRows(t, user.userId, 'login')).toEqual([]);
  });

  it('voids the sign-in code after 5 wrong tries', async () => {
    const user = await signUpAndVerify(t);
    const login = await postPublic(t, '/api/login', { emailOrPhone: user.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.login);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const wrong = { emailOrPhone: user.email, code: otherCode(code) };
      messages.push((await postPublic(t, '/api/login-otp', wrong, challengeFrom(login))).json().message);
    }
    expect(messages).toEqual([...Array(4).fill(MESSAGES.codeWrong), MESSAGES.codeTooManyAttempts]);
    const right = await postPublic(t, '/api/login-otp', { emailOrPhone: user.email, code }, challengeFrom(login));
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject(error(MESSAGES.codeTooManyAttempts));
    expect(await sessionsOf(t, user.userId)).toEqual([]);

    // Signing in again within the cooldown must not point at the voided code.
    const again = await postPublic(t, '/api/login', { emailOrPhone: user.email, password: PASSWORD });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^Please wait \d+ seconds before requesting a new code$/);
  });

  it('refuses an expired sign-in code', async () => {
    const user = await signUpAndVerify(t);
    const login = await postPublic(t, '/api/login', { emailOrPhone: user.email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.login);
    await expireCodes(t, user.userId);
    const res = await postPublic(t, '/api/login-otp', { emailOrPhone: user.email, code }, challengeFrom(login));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(MESSAGES.codeExpired));
    expect(await sessionsOf(t, user.userId)).toEqual([]);
  });

  it('refuses a code for an unknown user', async () => {
    const res = await postPublic(t, '/api/login-otp', { emailOrPhone: uniqueEmail('nobody'), code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(MESSAGES.codeWrong));
  });

  it.each([
    ['an empty body', {}, [MESSAGES.emailRequired, MESSAGES.passwordRequired]],
    ['no password', { emailOrPhone: 'a@example.com' }, [MESSAGES.passwordRequired]],
    ['an empty password', { emailOrPhone: 'a@example.com', password: '' }, [MESSAGES.passwordRequired]],
    ['no email', { password: PASSWORD }, [MESSAGES.emailRequired]],
    ['a blank email', { emailOrPhone: ' ', password: PASSWORD }, [MESSAGES.emailRequired]],
  ])('login answers 400 for %s', async (_, payload, errors) => {
    const res = await postPublic(t, '/api/login', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(errors[0]!, errors));
  });

  it.each([
    ['an empty body', {}, [MESSAGES.emailRequired, MESSAGES.otpRequired]],
    ['no code', { emailOrPhone: 'a@example.com' }, [MESSAGES.otpRequired]],
    ['an empty code', { emailOrPhone: 'a@example.com', code: '' }, [MESSAGES.otpRequired]],
    ['a five-digit code', { emailOrPhone: 'a@example.com', code: '12345' }, [MESSAGES.codeFormat]],
  ])('login-otp answers 400 for %s', async (_, payload, errors) => {
    const res = await postPublic(t, '/api/login-otp', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(errors[0]!, errors));
  });
});
