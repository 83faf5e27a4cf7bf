/** Verifying a new account with its mailed code, and sending a new code after the cooldown. */
import { MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { error, postPublic } from '../../testing/http.ts';
import { lastCode, readOutbox } from '../../testing/outbox.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  codeRows,
  expireCodes,
  findUser,
  otherCode,
  SUBJECTS,
  signUp,
  skipCodeCooldown,
  uniqueEmail,
} from '../../testing/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/verify-account', () => {
  it('verifies with the mailed code, and the code cannot be used twice', async () => {
    const user = await signUp(t);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.verify);
    const res = await postPublic(t, '/api/verify-account', { email_or_phone: user.email.toUpperCase(), code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MESSAGES.accountVerified, data: null });
    expect((await findUser(t, user.email))!.verified_at).toBeInstanceOf(Date);
    const [row] = await codeRows(t, user.userId, 'verify_account');
    expect(row!.consumed_at).toBeInstanceOf(Date);

    const again = await postPublic(t, '/api/verify-account', { email_or_phone: user.email, code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject(error(MESSAGES.accountAlreadyVerified));
  });

  it('refuses a wrong code and counts the try', async () => {
    const user = await signUp(t);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.verify);
    const res = await postPublic(t, '/api/verify-account', { email_or_phone: user.email, code: otherCode(code) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(MESSAGES.codeWrong));
    expect((await findUser(t, user.email))!.verified_at).toBeNull();
    expect((await codeRows(t, user.userId, 'verify_account'))[0]).toMatchObject({ attempts: 1, consumed_at: null });

    const right = await postPublic(t, '/api/verify-account', { email_or_phone: user.email, code });
    expect(right.statusCode).toBe(200);
  });

  it('voids the code after 5 wrong tries, even for the right code', async () => {
    const user = await signUp(t);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.verify);
    const wrong = otherCode(code);
    for (let i = 1; i <= 4; i++) {
      const res = await postPublic(t, '/api/verify-account', { email_or_phone: user.email, code: wrong });
      expect(res.json()).toMatchObject(error(MESSAGES.codeWrong));
    }
    const fifth = await postPublic(t, '/api/verify-account', { email_or_phone: user.email, code: wrong });
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toMatchObject(error(MESSAGES.codeTooManyAttempts));

    const right = await postPublic(t, '/api/verify-account', { email_or_phone: user.email, code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject(error(MESSAGES.codeTooManyAttempts));
    expect((await codeRows(t, user.userId, 'verify_account'))[0]!.attempts).toBe(5);
    expect((await findUser(t, user.email))!.verified_at).toBeNull();

    // A new code (after the cooldown) works again.
    await skipCodeCooldown(t, user.userId, 'verify_account');
    expect((await postPublic(t, '/api/resend-account-verification-code', { email_or_phone: user.email })).statusCode).toBe(200);
    const fresh = lastCode(t.outboxDir, user.email, SUBJECTS.verify);
    expect((await postPublic(t, '/api/verify-account', { email_or_phone: user.email, code: fresh })).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const user = await signUp(t);
    const code = lastCode(t.outboxDir, user.email, SUBJECTS.verify);
    await expireCodes(t, user.userId);
    const res = await postPublic(t, '/api/verify-account', { email_or_phone: user.email, code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(MESSAGES.codeExpired));
    expect((await findUser(t, user.email))!.verified_at).toBeNull();
  });

  it('answers like a wrong code for an unknown email', async () => {
    const res = await postPublic(t, '/api/verify-account', { email_or_phone: uniqueEmail('nobody'), code: '123456' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(MESSAGES.codeWrong));
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
    const res = await postPublic(t, '/api/verify-account', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(errors[0]!, errors));
  });
});

describe('POST /api/resend-account-verification-code', () => {
  it('waits 50 seconds between codes, then sends a new one that replaces the old', async () => {
    const user = await signUp(t);
    const first = lastCode(t.outboxDir, user.email, SUBJECTS.verify);

    const early = await postPublic(t, '/api/resend-account-verification-code', { email_or_phone: user.email });
    expect(early.statusCode).toBe(429);
    const body = early.json();
    const seconds = Number(/^Please wait (\d+) seconds/.exec(body.message)?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(40);
    expect(seconds).toBeLessThanOrEqual(50);
    expect(body).toMatchObject(error(MESSAGES.resendTooSoon(seconds)));
    expect(readOutbox(t.outboxDir, user.email)).toHaveLength(1);

    await skipCodeCooldown(t, user.userId, 'verify_account');
    const res = await postPublic(t, '/api/resend-account-verification-code', { email_or_phone: user.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MESSAGES.otpSent, data: { last_code_sent_at: expect.any(String) } });
    expect(readOutbox(t.outboxDir, user.email)).toHaveLength(2);
    const second = lastCode(t.outboxDir, user.email, SUBJECTS.verify);

    const rows = await codeRows(t, user.userId, 'verify_account');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.consumed_at).toBeNull();
    expect(rows[1]!.consumed_at).toBeInstanceOf(Date);

    if (first !== second) {
      const old = await postPublic(t, '/api/verify-account', { email_or_phone: user.email, code: first });
      expect(old.json()).toMatchObject(error(MESSAGES.codeWrong));
    }
    expect((await postPublic(t, '/api/verify-account', { email_or_phone: user.email, code: second })).statusCode).toBe(200);

    const verified = await postPublic(t, '/api/resend-account-verification-code', { email_or_phone: user.email });
    expect(verified.statusCode).toBe(400);
    expect(verified.json()).toMatchObject(error(MESSAGES.accountAlreadyVerified));
  });

  it('answers success for an unknown email and sends nothing', async () => {
    const email = uniqueEmail('ghost');
    const res = await postPublic(t, '/api/resend-account-verification-code', { email_or_phone: email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MESSAGES.otpSent, data: { last_code_sent_at: expect.any(String) } });
    expect(readOutbox(t.outboxDir, email)).toEqual([]);
  });

  it.each([
    ['an empty body', {}],
    ['a blank email', { email_or_phone: '   ' }],
  ])('answers "Email is Required" for %s', async (_, payload) => {
    const res = await postPublic(t, '/api/resend-account-verification-code', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(MESSAGES.emailRequired, [MESSAGES.emailRequired]));
  });
});
