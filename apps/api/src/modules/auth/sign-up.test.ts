/** POST /api/sign-up: an unverified user and a mailed code, or every message of what is wrong. */
import { MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { error, postPublic } from '../../testing/http.ts';
import { lastCode, readOutbox } from '../../testing/outbox.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { codeRows, findUser, PASSWORD, SUBJECTS, signUp, uniqueEmail } from '../../testing/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/sign-up', () => {
  const valid = () => ({ firstname: 'Amina', lastname: 'Nakato', email: uniqueEmail('signup'), password: PASSWORD });

  it('creates an unverified user and mails a verification code', async () => {
    const input = { ...valid(), email: `  ${uniqueEmail('Mixed').toUpperCase()} ` };
    const email = input.email.trim().toLowerCase();
    const res = await postPublic(t, '/api/sign-up', input);
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

    const row = await findUser(t, email);
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
    const res = await postPublic(t, '/api/sign-up', { ...valid(), email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(MESSAGES.emailTaken, [MESSAGES.emailTaken]));
    // Decision 048: the refusal names its field, so the form says it under the e-mail.
    expect(res.json().fields).toEqual({ email: MESSAGES.emailTaken });
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
    const res = await postPublic(t, '/api/sign-up', Object.keys(change).length ? input : {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(MESSAGES.allFieldsRequired, [MESSAGES.allFieldsRequired]));
    if (typeof input.email === 'string' && input.email.trim()) expect(await findUser(t, input.email)).toBeUndefined();
  });

  it.each([
    ['no number', 'Password!'],
    ['no special character', 'Password1'],
    ['no capital letter', 'password1!'],
    ['no lowercase letter', 'PASSWORD1!'],
    ['fewer than 8 characters', 'Pa1!abc'],
  ])('answers the password rule for a password with %s', async (_, password) => {
    const input = { ...valid(), password };
    const res = await postPublic(t, '/api/sign-up', input);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(MESSAGES.passwordWeak, [MESSAGES.passwordWeak]));
    expect(await findUser(t, input.email)).toBeUndefined();
    expect(readOutbox(t.outboxDir, input.email)).toEqual([]);
  });

  it('answers every message at once, in field order', async () => {
    const res = await postPublic(t, '/api/sign-up', {
      firstname: '',
      lastname: 'Nakato',
      email: 'not-an-email',
      password: 'weak',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      ...error(MESSAGES.allFieldsRequired, [MESSAGES.allFieldsRequired, MESSAGES.invalidEmail, MESSAGES.passwordWeak]),
      // Each beside its field on the form (decision 048).
      fields: { firstname: MESSAGES.allFieldsRequired, email: MESSAGES.invalidEmail, password: MESSAGES.passwordWeak },
    });
  });

  it('refuses a malformed email', async () => {
    const res = await postPublic(t, '/api/sign-up', { ...valid(), email: 'amina@example' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(MESSAGES.invalidEmail, [MESSAGES.invalidEmail]));
  });
});
