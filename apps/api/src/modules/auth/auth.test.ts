import { ERROR_CODES } from '@sente/contracts/api';
import { MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, readOutbox } from '../../testing/outbox.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  bearer,
  codeRows,
  createSignedInUser,
  PASSWORD,
  SUBJECTS,
  signIn,
  signUp,
  signUpAndVerify,
  skipCodeCooldown,
  uniqueEmail,
} from '../../testing/users.ts';

const NEW_PASSWORD = 'Another#Pass9';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}), headers });
const profile = (accessToken: string) => t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(accessToken) });
const findUser = (email: string) => t.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
const sessionsOf = (userId: string) =>
  t.database.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
const expireCodes = (userId: string) =>
  t.database.db
    .updateTable('one_time_codes')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('user_id', '=', userId)
    .execute();
const error = (message: string, errors?: string[]) => ({ status: 'error', message, ...(errors ? { errors } : {}) });
/** A six-digit code that is not `code`. */
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('POST /api/sign-up', () => {
  const valid = () => ({ firstname: 'Amina', lastname: 'Nakato', email: uniqueEmail('signup'), password: PASSWORD });

  it('creates an unverified user and mails a verification code', async () => {
    const input = { ...valid(), email: `  ${uniqueEmail('Mixed').toUpperCase()} ` };
    const email = input.email.trim().toLowerCase();
    const res = await post('/api/sign-up', input);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      status: 'success',
      message: MESSAGES.verificationCodeSent,
      data: {
        user_id: expect.any(String),
        email,
        firstname: 'Amina',
        lastname: 'Nakato',
        last_code_sent_at: expect.any(String),
      },
    });
    expect(Date.now() - Date.parse(body.data.last_code_sent_at)).toBeLessThan(10_000);

    const row = await findUser(email);
    expect(row).toMatchObject({ id: body.data.user_id, firstname: 'Amina', lastname: 'Nakato', verified_at: null, phone: null });
    expect(row!.password_hash).toMatch(/^scrypt\$/);
    expect(row!.password_hash).not.toContain(PASSWORD);

    const mails = readOutbox(t.outboxDir, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Subject: ${SUBJECTS.verify}`);
    expect(lastCode(t.outboxDir, email)).toMatch(/^\d{6}$/);
  });

  it('stores the code hashed: no column of the row holds it', async () => {
    const user = await signUp(t);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.verify);
    const rows = await codeRows(t, user.userId, 'verify_account');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ attempts: 0, consumed_at: null });
    expect(rows[0]!.code_hash).not.toBe(code);
    expect(JSON.stringify(rows[0])).not.toContain(code);
    const ttl = new Date(rows[0]!.expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);
  });

  it('refuses an email that is already registered, in any case, without mailing again', async () => {
    const user = await signUp(t);
    const res = await post('/api/sign-up', { ...valid(), email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(MESSAGES.emailTaken, [MESSAGES.emailTaken]));
    const rows = await t.database.db.selectFrom('users').select('id').where('email', '=', user.email).execute();
    expect(rows).toEqual([{ id: user.userId }]);
    expect(readOutbox(t.outboxDir, user.email)).toHaveLength(1);
  });

  it.each([
    ['an empty body', {}],
    ['no first name', { firstname: undefined }],
    ['no last name', { lastname: undefined }],
    ['no email', { email: undefined }],
    ['no password', { password: undefined }],
    ['a blank first name', { firstname: '   ' }],
    ['a blank last name', { lastname: '' }],
    ['a blank email', { email: '  ' }],
    ['an empty password', { password: '' }],
    ['a number as first name', { firstname: 42 }],
  ])('answers "All Fields are required" for %s', async (_, change) => {
    const input = { ...valid(), ...change };
    const res = await post('/api/sign-up', Object.keys(change).length ? input : {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(MESSAGES.allFieldsRequired, [MESSAGES.allFieldsRequired]));
    if (typeof input.email === 'string' && input.email.trim()) expect(await findUser(input.email)).toBeUndefined();
  });

  it.each([
    ['no number', 'Password!'],
    ['no special character', 'Password1'],
    ['no capital letter', 'password1!'],
    ['no lowercase letter', 'PASSWORD1!'],
    ['fewer than 8 characters', 'Pa1!abc'],
  ])('answers the password rule for a password with %s', async (_, password) => {
    const input = { ...valid(), password };
    const res = await post('/api/sign-up', input);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(MESSAGES.passwordWeak, [MESSAGES.passwordWeak]));
    expect(await findUser(input.email)).toBeUndefined();
    expect(readOutbox(t.outboxDir, input.email)).toEqual([]);
  });

  it('answers every message at once, in field order', async () => {
    const res = await post('/api/sign-up', { firstname: '', lastname: 'Nakato', email: 'not-an-email', password: 'weak' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      error(MESSAGES.allFieldsRequired, [MESSAGES.allFieldsRequired, MESSAGES.invalidEmail, MESSAGES.passwordWeak]),
    );
  });

  it('refuses a malformed email', async () => {
    const res = await post('/api/sign-up', { ...valid(), email: 'amina@example' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(MESSAGES.invalidEmail, [MESSAGES.invalidEmail]));
  });
});

describe('POST /api/verify-account', () => {
  it('verifies with the mailed code, and the code cannot be used twice', async () => {
    const user = await signUp(t);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.verify);
    const res = await post('/api/verify-account', { email_or_phone: user.email.toUpperCase(), code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MESSAGES.accountVerified, data: null });
    expect((await findUser(user.email))!.verified_at).toBeInstanceOf(Date);
    const [row] = await codeRows(t, user.userId, 'verify_account');
    expect(row!.consumed_at).toBeInstanceOf(Date);

    const again = await post('/api/verify-account', { email_or_phone: user.email, code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(error(MESSAGES.accountAlreadyVerified));
  });

  it('refuses a wrong code and counts the try', async () => {
    const user = await signUp(t);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.verify);
    const res = await post('/api/verify-account', { email_or_phone: user.email, code: otherCode(code) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(MESSAGES.codeWrong));
    expect((await findUser(user.email))!.verified_at).toBeNull();
    expect((await codeRows(t, user.userId, 'verify_account'))[0]).toMatchObject({ attempts: 1, consumed_at: null });

    const right = await post('/api/verify-account', { email_or_phone: user.email, code });
    expect(right.statusCode).toBe(200);
  });

  it('voids the code after 5 wrong tries, even for the right code', async () => {
    const user = await signUp(t);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.verify);
    const wrong = otherCode(code);
    for (let i = 1; i <= 4; i++) {
      const res = await post('/api/verify-account', { email_or_phone: user.email, code: wrong });
      expect(res.json()).toEqual(error(MESSAGES.codeWrong));
    }
    const fifth = await post('/api/verify-account', { email_or_phone: user.email, code: wrong });
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toEqual(error(MESSAGES.codeTooManyAttempts));

    const right = await post('/api/verify-account', { email_or_phone: user.email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual(error(MESSAGES.codeTooManyAttempts));
    expect((await codeRows(t, user.userId, 'verify_account'))[0]!.attempts).toBe(5);
    expect((await findUser(user.email))!.verified_at).toBeNull();

    // A new code (after the cooldown) works again.
    await skipCodeCooldown(t, user.userId, 'verify_account');
    expect((await post('/api/resend-account-verification-code', { email_or_phone: user.email })).statusCode).toBe(200);
    const fresh = lastCode(t.outboxDir, user.email, SUBJECTS.verify);
    expect((await post('/api/verify-account', { email_or_phone: user.email, code: fresh })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const user = await signUp(t);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.verify);
    await expireCodes(user.userId);
    const res = await post('/api/verify-account', { email_or_phone: user.email, code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(MESSAGES.codeExpired));
    expect((await findUser(user.email))!.verified_at).toBeNull();
  });

  it('answers like a wrong code for an unknown email', async () => {
    const res = await post('/api/verify-account', { email_or_phone: uniqueEmail('nobody'), code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(MESSAGES.codeWrong));
  });

  it.each([
    ['an empty body', {}, [MESSAGES.emailRequired, MESSAGES.otpRequired]],
    ['no code', { email_or_phone: 'a@example.com' }, [MESSAGES.otpRequired]],
    ['an empty code', { email_or_phone: 'a@example.com', code: ' ' }, [MESSAGES.otpRequired]],
    ['a short code', { email_or_phone: 'a@example.com', code: '12345' }, [MESSAGES.codeFormat]],
    ['a long code', { email_or_phone: 'a@example.com', code: '1234567' }, [MESSAGES.codeFormat]],
    ['letters', { email_or_phone: 'a@example.com', code: '12a456' }, [MESSAGES.codeFormat]],
    ['no email', { code: '123456' }, [MESSAGES.emailRequired]],
    ['a blank email', { email_or_phone: '  ', code: '123456' }, [MESSAGES.emailRequired]],
  ])('answers 400 for %s', async (_, payload, errors) => {
    const res = await post('/api/verify-account', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(errors[0]!, errors));
  });
});

describe('POST /api/resend-account-verification-code', () => {
  it('waits 50 seconds between codes, then sends a new one that replaces the old', async () => {
    const user = await signUp(t);
    const first = lastCode(t.outboxDir, user.email, SUBJECTS.verify);

    const early = await post('/api/resend-account-verification-code', { email_or_phone: user.email });
    expect(early.statusCode).toBe(429);
    const body = early.json();
    const seconds = Number(/^Please wait (\d+) seconds/.exec(body.message)?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(40);
    expect(seconds).toBeLessThanOrEqual(50);
    expect(body).toEqual(error(MESSAGES.resendTooSoon(seconds)));
    expect(readOutbox(t.outboxDir, user.email)).toHaveLength(1);

    await skipCodeCooldown(t, user.userId, 'verify_account');
    const res = await post('/api/resend-account-verification-code', { email_or_phone: user.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MESSAGES.otpSent, data: { last_code_sent_at: expect.any(String) } });
    expect(readOutbox(t.outboxDir, user.email)).toHaveLength(2);
    const second = lastCode(t.outboxDir, user.email, SUBJECTS.verify);

    const rows = await codeRows(t, user.userId, 'verify_account');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.consumed_at).toBeNull();
    expect(rows[1]!.consumed_at).toBeInstanceOf(Date);

    if (first !== second) {
      const old = await post('/api/verify-account', { email_or_phone: user.email, code: first });
      expect(old.json()).toEqual(error(MESSAGES.codeWrong));
    }
    expect((await post('/api/verify-account', { email_or_phone: user.email, code: second })).statusCode).toBe(200);

    const verified = await post('/api/resend-account-verification-code', { email_or_phone: user.email });
    expect(verified.statusCode).toBe(400);
    expect(verified.json()).toEqual(error(MESSAGES.accountAlreadyVerified));
  });

  it('answers success for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await post('/api/resend-account-verification-code', { email_or_phone: email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MESSAGES.otpSent, data: { last_code_sent_at: expect.any(String) } });
    expect(readOutbox(t.outboxDir, email)).toEqual([]);
  });

  it.each([
    ['an empty body', {}],
    ['a blank email', { email_or_phone: '   ' }],
  ])('answers "Email is Required" for %s', async (_, payload) => {
    const res = await post('/api/resend-account-verification-code', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(MESSAGES.emailRequired, [MESSAGES.emailRequired]));
  });
});

describe('POST /api/login and /api/login-otp', () => {
  it('sends a code, reuses it on a second login within the cooldown, and signs in with it once', async () => {
    const user = await signUpAndVerify(t);
    const res = await post('/api/login', { emailOrPhone: user.email.toUpperCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      status: 'success',
      message: MESSAGES.loginCodeSent,
      data: { email: user.email, last_code_sent_at: expect.any(String) },
    });
    const loginMails = () => readOutbox(t.outboxDir, user.email).filter((m) => m.includes(`Subject: ${SUBJECTS.login}`));
    expect(loginMails()).toHaveLength(1);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.login);

    const second = await post('/api/login', { emailOrPhone: user.email, password: PASSWORD });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toEqual(body.data);
    expect(loginMails()).toHaveLength(1);
    expect(await codeRows(t, user.userId, 'login')).toHaveLength(1);

    const otp = await t.app.inject({
      method: 'POST',
      url: '/api/login-otp',
      payload: { emailOrPhone: user.email, code },
      headers: { 'user-agent': 'vitest-agent' },
    });
    expect(otp.statusCode).toBe(200);
    const data = otp.json().data;
    expect(otp.json().status).toBe('success');
    expect(data).toEqual({
      user: expect.objectContaining({ user_id: user.userId, email: user.email, firstname: 'Amina', current_account: null }),
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    const sessions = await sessionsOf(user.userId);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ user_agent: 'vitest-agent', revoked_at: null });
    expect(data.refreshToken.startsWith(`${sessions[0]!.id}.`)).toBe(true);
    expect(sessions[0]!.refresh_hash).not.toContain(data.refreshToken.split('.')[1]);
    const [row] = await codeRows(t, user.userId, 'login');
    expect(row!.consumed_at).toBeInstanceOf(Date);
    expect(JSON.stringify(row)).not.toContain(code);

    const me = await profile(data.accessToken);
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user_id).toBe(user.userId);

    const reused = await post('/api/login-otp', { emailOrPhone: user.email, code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual(error(MESSAGES.codeExpired));
    expect(await sessionsOf(user.userId)).toHaveLength(1);
  });

  it('mails a new code when the last one was already used, instead of pointing at it', async () => {
    const user = await signUpAndVerify(t);
    const first = await signIn(t, user.email);
    const mailsBefore = readOutbox(t.outboxDir, user.email).length;

    const again = await post('/api/login', { emailOrPhone: user.email, password: PASSWORD });
    expect(again.statusCode).toBe(200);
    expect(readOutbox(t.outboxDir, user.email)).toHaveLength(mailsBefore + 1);
    expect(await codeRows(t, user.userId, 'login')).toHaveLength(2);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.login);
    const otp = await post('/api/login-otp', { emailOrPhone: user.email, code });
    expect(otp.statusCode).toBe(200);
    expect(otp.json().data.refreshToken).not.toBe(first.refreshToken);
    expect(await sessionsOf(user.userId)).toHaveLength(2);
  });

  it('answers 403 ACCOUNT_NOT_VERIFIED for an unverified user, re-sending the verification code after the cooldown', async () => {
    const user = await signUp(t);
    const res = await post('/api/login', { emailOrPhone: user.email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: MESSAGES.accountNotVerified, code: ERROR_CODES.accountNotVerified });
    expect(readOutbox(t.outboxDir, user.email)).toHaveLength(1);
    expect(await codeRows(t, user.userId, 'login')).toEqual([]);

    await skipCodeCooldown(t, user.userId, 'verify_account');
    const later = await post('/api/login', { emailOrPhone: user.email, password: PASSWORD });
    expect(later.statusCode).toBe(403);
    expect(later.json().code).toBe(ERROR_CODES.accountNotVerified);
    const mails = readOutbox(t.outboxDir, user.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain(`Subject: ${SUBJECTS.verify}`);
  });

  it('answers the same message for a wrong password and an unknown user, and sends nothing', async () => {
    const user = await signUpAndVerify(t);
    const wrong = await post('/api/login', { emailOrPhone: user.email, password: 'Wrong#Pass1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(error(MESSAGES.invalidCredentials));
    const unknown = await post('/api/login', { emailOrPhone: uniqueEmail('nobody'), password: PASSWORD });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(error(MESSAGES.invalidCredentials));
    expect(await codeRows(t, user.userId, 'login')).toEqual([]);
  });

  it('voids the sign-in code after 5 wrong tries', async () => {
    const user = await signUpAndVerify(t);
    expect((await post('/api/login', { emailOrPhone: user.email, password: PASSWORD })).statusCode).toBe(200);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.login);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      messages.push((await post('/api/login-otp', { emailOrPhone: user.email, code: otherCode(code) })).json().message);
    }
    expect(messages).toEqual([...Array(4).fill(MESSAGES.codeWrong), MESSAGES.codeTooManyAttempts]);
    const right = await post('/api/login-otp', { emailOrPhone: user.email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual(error(MESSAGES.codeTooManyAttempts));
    expect(await sessionsOf(user.userId)).toEqual([]);

    // Signing in again within the cooldown must not point at the voided code.
    const again = await post('/api/login', { emailOrPhone: user.email, password: PASSWORD });
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^Please wait \d+ seconds before requesting a new code$/);
  });

  it('refuses an expired sign-in code', async () => {
    const user = await signUpAndVerify(t);
    expect((await post('/api/login', { emailOrPhone: user.email, password: PASSWORD })).statusCode).toBe(200);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.login);
    await expireCodes(user.userId);
    const res = await post('/api/login-otp', { emailOrPhone: user.email, code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(MESSAGES.codeExpired));
    expect(await sessionsOf(user.userId)).toEqual([]);
  });

  it('refuses a code for an unknown user', async () => {
    const res = await post('/api/login-otp', { emailOrPhone: uniqueEmail('nobody'), code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(MESSAGES.codeWrong));
  });

  it.each([
    ['an empty body', {}, [MESSAGES.emailRequired, MESSAGES.passwordRequired]],
    ['no password', { emailOrPhone: 'a@example.com' }, [MESSAGES.passwordRequired]],
    ['an empty password', { emailOrPhone: 'a@example.com', password: '' }, [MESSAGES.passwordRequired]],
    ['no email', { password: PASSWORD }, [MESSAGES.emailRequired]],
    ['a blank email', { emailOrPhone: ' ', password: PASSWORD }, [MESSAGES.emailRequired]],
  ])('login answers 400 for %s', async (_, payload, errors) => {
    const res = await post('/api/login', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(errors[0]!, errors));
  });

  it.each([
    ['an empty body', {}, [MESSAGES.emailRequired, MESSAGES.otpRequired]],
    ['no code', { emailOrPhone: 'a@example.com' }, [MESSAGES.otpRequired]],
    ['an empty code', { emailOrPhone: 'a@example.com', code: '' }, [MESSAGES.otpRequired]],
    ['a five-digit code', { emailOrPhone: 'a@example.com', code: '12345' }, [MESSAGES.codeFormat]],
  ])('login-otp answers 400 for %s', async (_, payload, errors) => {
    const res = await post('/api/login-otp', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(errors[0]!, errors));
  });
});

describe('POST /api/refresh-token', () => {
  it('rotates the pair; reusing the old refresh token ends the whole session', async () => {
    const user = await createSignedInUser(t);
    const res = await post('/api/refresh-token', { refreshToken: user.refreshToken });
    expect(res.statusCode).toBe(200);
    const next = res.json().data;
    expect(res.json()).toEqual({
      status: 'success',
      data: { accessToken: expect.any(String), refreshToken: expect.any(String) },
    });
    expect(next.refreshToken).not.toBe(user.refreshToken);
    expect((await profile(next.accessToken)).statusCode).toBe(200);
    const [session] = await sessionsOf(user.userId);
    expect(session!.rotated_at).toBeInstanceOf(Date);

    const reused = await post('/api/refresh-token', { refreshToken: user.refreshToken });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual(error(MESSAGES.refreshTokenInvalid));
    expect((await sessionsOf(user.userId))[0]!.revoked_at).toBeInstanceOf(Date);

    const newest = await post('/api/refresh-token', { refreshToken: next.refreshToken });
    expect(newest.statusCode).toBe(401);
    expect(newest.json()).toEqual(error(MESSAGES.refreshTokenInvalid));
    const me = await profile(next.accessToken);
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual(error(MESSAGES.unauthenticated));
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['an unknown session', '00000000-0000-4000-8000-000000000000.secret'],
  ])('answers 401 for %s', async (_, refreshToken) => {
    const res = await post('/api/refresh-token', { refreshToken });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(error(MESSAGES.refreshTokenInvalid));
  });

  it('answers 401 for a right session id with a wrong secret, and ends that session', async () => {
    const user = await signUpAndVerify(t);
    const tokens = await t.app.services.sessions.start(user.userId, null);
    const [sessionId] = tokens.refreshToken.split('.');
    const res = await post('/api/refresh-token', { refreshToken: `${sessionId}.forged` });
    expect(res.statusCode).toBe(401);
    expect((await post('/api/refresh-token', { refreshToken: tokens.refreshToken })).statusCode).toBe(401);
  });

  it('answers 400 without a token', async () => {
    const res = await post('/api/refresh-token', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(MESSAGES.refreshTokenInvalid, [MESSAGES.refreshTokenInvalid]));
  });
});

describe('POST /api/logout', () => {
  let userId: string;
  beforeAll(async () => {
    userId = (await signUpAndVerify(t)).userId;
  });

  it('with the bearer token revokes the session', async () => {
    const tokens = await t.app.services.sessions.start(userId, null);
    const other = await t.app.services.sessions.start(userId, null);
    const res = await post('/api/logout', undefined, bearer(tokens.accessToken));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MESSAGES.loggedOut, data: null });
    const me = await profile(tokens.accessToken);
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual(error(MESSAGES.unauthenticated));
    expect((await post('/api/refresh-token', { refreshToken: tokens.refreshToken })).statusCode).toBe(401);
    const session = await t.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', tokens.refreshToken.split('.')[0]!)
      .executeTakeFirst();
    expect(session!.revoked_at).toBeInstanceOf(Date);
    // Only that session ends.
    expect((await profile(other.accessToken)).statusCode).toBe(200);
  });

  it('with the refresh token in the body revokes the session', async () => {
    const tokens = await t.app.services.sessions.start(userId, null);
    const res = await post('/api/logout', { refreshToken: tokens.refreshToken });
    expect(res.statusCode).toBe(200);
    expect((await profile(tokens.accessToken)).statusCode).toBe(401);
    expect((await post('/api/refresh-token', { refreshToken: tokens.refreshToken })).statusCode).toBe(401);
  });

  it('without any token answers success and ends nothing', async () => {
    const tokens = await t.app.services.sessions.start(userId, null);
    const res = await post('/api/logout');
    expect(res.statusCode).toBe(200);
    expect((await profile(tokens.accessToken)).statusCode).toBe(200);
  });
});

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
    const res = await post('/api/password-reset-code', { email_or_phone: email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MESSAGES.resetCodeSent, data: null });
    expect(readOutbox(t.outboxDir, email)).toEqual([]);
    expect(await findUser(email)).toBeUndefined();
    expect(await countCodes()).toBe(before);
  });

  it('changes the password with the mailed code, signs every session out, and the new password signs in', async () => {
    const user = await signUpAndVerify(t);
    const old = await t.app.services.sessions.start(user.userId, null);

    const res = await post('/api/password-reset-code', { email_or_phone: user.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MESSAGES.resetCodeSent, data: null });
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.reset);
    const [row] = await codeRows(t, user.userId, 'password_reset');
    expect(JSON.stringify(row)).not.toContain(code);

    // Inside the cooldown the answer is the same as for any address, and no second code is sent.
    const early = await post('/api/password-reset-code', { email_or_phone: user.email });
    expect(early.statusCode).toBe(200);
    expect(early.json()).toEqual({ status: 'success', message: MESSAGES.resetCodeSent, data: null });
    expect(readOutbox(t.outboxDir, user.email).filter((m) => m.includes(SUBJECTS.reset))).toHaveLength(1);

    const hashBefore = (await findUser(user.email))!.password_hash;
    const changed = await post('/api/change-password', { email_or_phone: user.email, code, password: NEW_PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ status: 'success', message: MESSAGES.passwordChanged, data: null });
    expect((await findUser(user.email))!.password_hash).not.toBe(hashBefore);
    expect((await sessionsOf(user.userId)).every((s) => s.revoked_at !== null)).toBe(true);
    expect((await profile(old.accessToken)).statusCode).toBe(401);
    expect((await post('/api/refresh-token', { refreshToken: old.refreshToken })).statusCode).toBe(401);

    const reused = await post('/api/change-password', { email_or_phone: user.email, code, password: 'Third#Pass77' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual(error(MESSAGES.codeExpired));

    const withOld = await post('/api/login', { emailOrPhone: user.email, password: PASSWORD });
    expect(withOld.json()).toEqual(error(MESSAGES.invalidCredentials));
    const signedIn = await signIn(t, user.email, NEW_PASSWORD);
    expect((await profile(signedIn.accessToken)).statusCode).toBe(200);
  });

  it('refuses a wrong and an expired code, and leaves the password alone', async () => {
    const user = await signUpAndVerify(t);
    expect((await post('/api/password-reset-code', { email_or_phone: user.email })).statusCode).toBe(200);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.reset);
    const hashBefore = (await findUser(user.email))!.password_hash;

    const wrong = await post('/api/change-password', {
      email_or_phone: user.email,
      code: otherCode(code),
      password: NEW_PASSWORD,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(error(MESSAGES.codeWrong));

    await expireCodes(user.userId);
    const expired = await post('/api/change-password', { email_or_phone: user.email, code, password: NEW_PASSWORD });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(error(MESSAGES.codeExpired));
    expect((await findUser(user.email))!.password_hash).toBe(hashBefore);
  });

  it('verifies an unverified account, since the code proves the address', async () => {
    const user = await signUp(t);
    expect((await post('/api/password-reset-code', { email_or_phone: user.email })).statusCode).toBe(200);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.reset);
    const res = await post('/api/change-password', { email_or_phone: user.email, code, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await findUser(user.email))!.verified_at).toBeInstanceOf(Date);
  });

  it.each([
    ['an empty body', {}, [MESSAGES.emailRequired]],
    ['a blank email', { email_or_phone: '' }, [MESSAGES.emailRequired]],
  ])('password-reset-code answers 400 for %s', async (_, payload, errors) => {
    const res = await post('/api/password-reset-code', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(errors[0]!, errors));
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
    const res = await post('/api/change-password', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error(errors[0]!, errors));
  });
});

describe('malformed requests', () => {
  it.each(['/api/login', '/api/sign-up', '/api/verify-account', '/api/refresh-token', '/api/logout'])(
    '%s answers 400 with a message for a broken JSON body',
    async (url) => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"emailOrPhone": "a@example.com",',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(error('The request body is not valid JSON'));
    },
  );

  it('answers 400 for an empty JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error('The request body is not valid JSON'));
  });

  it.each([
    ['an array', '[]'],
    ['a string', '"hello"'],
    ['null', 'null'],
  ])('answers 400 with a message for %s as the body', async (_, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe('error');
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(0);
  });
});
