import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@sente/contracts/messages';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearer, createAccount, createSignedInUser, type SignedInUser, signIn, skipCodeCooldown } from '../../testing/users.ts';

let t: TestApp;
/** Has one account, "Kampala Crafts"; only read. */
let owner: SignedInUser;
let accountId: string;
/** Edits their profile. */
let editor: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  [owner, editor] = await Promise.all([
    createSignedInUser(t, { firstname: 'Grace', lastname: 'Achieng' }),
    createSignedInUser(t, { firstname: 'Edward', lastname: 'Mugisha' }),
  ]);
  accountId = await createAccount(t, owner.accessToken, 'Kampala Crafts');
});
afterAll(() => t.close());

const getProfile = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/user/profile', headers });
const updateProfile = (accessToken: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/user/update-profile', headers: bearer(accessToken), payload });
const userRow = (id: string) => t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const error = (message: string, errors?: string[]) => ({ status: 'error', message, ...(errors ? { errors } : {}) });

/** Signs an access token with the app's own key, as the session service does. */
async function accessToken(claims: { sub: string; sid: string; expiresAt: number }): Promise<string> {
  const { jwtSecret } = JSON.parse(fs.readFileSync(path.join(t.dataDir, 'secrets.json'), 'utf8'));
  return new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt(claims.expiresAt - 900)
    .setExpirationTime(claims.expiresAt)
    .sign(new TextEncoder().encode(jwtSecret));
}

describe('GET /api/user/profile', () => {
  it('answers the user with the current account, role and memberships', async () => {
    const res = await getProfile(bearer(owner.accessToken));
    expect(res.statusCode).toBe(200);
    const account = await t.database.db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirstOrThrow();
    expect(res.json()).toEqual({
      status: 'success',
      data: {
        user_id: owner.userId,
        firstname: 'Grace',
        lastname: 'Achieng',
        email: owner.email,
        phone: null,
        phone_verified: false,
        current_account: {
          id: accountId,
          user_id: owner.userId,
          account_name: 'Kampala Crafts',
          account_number: account.account_number,
          is_approved: false,
          created_at: new Date(account.created_at).toISOString(),
          companyBranding: { company_logo: null },
          userWallet: { current_balance: 0, current_balance_sand_box: 0 },
          bank_details: [],
          business_details: null,
          sms_receipts: false,
          api_keys: {
            active_environment: 'test',
            test_key: expect.stringMatching(/^sk_test_/),
            production_key: expect.stringMatching(/^sk_live_/),
            encryption_key: expect.stringMatching(/^whsec_/),
          },
        },
        current_role: 'owner',
        staff_profiles: [
          { id: expect.any(String), staff_role: 'owner', sente_account: { id: accountId, account_name: 'Kampala Crafts' } },
        ],
      },
    });
    expect(account.account_number).toMatch(/^\d{10}$/);
    expect(res.body).not.toContain('password');
  });

  it('answers no current account for a user who has none', async () => {
    const res = await getProfile(bearer(editor.accessToken));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      user_id: editor.userId,
      current_account: null,
      current_role: null,
      staff_profiles: [],
    });
  });

  it.each([
    ['no Authorization header', {}],
    ['a token that is not a JWT', { authorization: 'Bearer not-a-token' }],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('answers 401 with %s', async (_, headers) => {
    const res = await getProfile(headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject(error(MESSAGES.unauthenticated));
  });

  it('answers 401 for a token signed with another key, or expired, or naming another user', async () => {
    const sid = owner.refreshToken.split('.')[0]!;
    const now = Math.floor(Date.now() / 1000);
    // Control: a token made this way is accepted while it is valid.
    expect((await getProfile(bearer(await accessToken({ sub: owner.userId, sid, expiresAt: now + 600 })))).statusCode).toBe(200);

    const expired = await accessToken({ sub: owner.userId, sid, expiresAt: now - 10 });
    expect((await getProfile(bearer(expired))).statusCode).toBe(401);

    const wrongUser = await accessToken({ sub: editor.userId, sid, expiresAt: now + 600 });
    expect((await getProfile(bearer(wrongUser))).statusCode).toBe(401);

    const forged = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(owner.userId)
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('x'.repeat(64)));
    const res = await getProfile(bearer(forged));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject(error(MESSAGES.unauthenticated));
  });
});

describe('POST /api/user/update-profile', () => {
  it("refuses another user's phone, which would take over their sign-in by phone", async () => {
    const holder = await createSignedInUser(t, { firstname: 'Harriet' });
    expect(
      (await updateProfile(holder.accessToken, { firstname: 'Harriet', lastname: 'Achieng', phone: '0700111999' })).statusCode,
    ).toBe(200);
    const before = await userRow(owner.userId);
    const res = await updateProfile(owner.accessToken, { firstname: 'Grace', lastname: 'Namutebi', phone: '0700 111 999' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(MESSAGES.phoneInUse));
    expect(await userRow(owner.userId)).toEqual(before);
    expect((await signIn(t, '0700111999')).user.email).toBe(holder.email);
    // The same number with its country code is the same number (it used to slip past as other digits).
    for (const phone of ['+256 700 111 999', '256700111999']) {
      const again = await updateProfile(owner.accessToken, { firstname: 'Grace', lastname: 'Namutebi', phone });
      expect(again.json()).toMatchObject(error(MESSAGES.phoneInUse));
    }
  });

  it.each([
    ['a Ugandan number as dialled at home', '0772 123 456', '+256772123456'],
    ['a Ugandan number with its code, no plus', '256-772-123-456', '+256772123456'],
    ['a Ugandan number with its code and plus', '+256 (772) 123.456', '+256772123456'],
    ["another country's number", '+254 712 345 678', '+254712345678'],
  ])('saves and answers %s in the one format: %s as %s', async (_, typed, saved) => {
    const res = await updateProfile(editor.accessToken, { firstname: 'Edwin', lastname: 'Okello', phone: typed });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.phone).toBe(saved);
    expect((await userRow(editor.userId)).phone).toBe(saved);
    expect((await getProfile(bearer(editor.accessToken))).json().data.phone).toBe(saved);
  });

  it('updates the names and phone and answers the new profile', async () => {
    const res = await updateProfile(editor.accessToken, { firstname: '  Edwin ', lastname: 'Okello', phone: '+256 712-345-678' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.message).toBe(MESSAGES.profileUpdated);
    expect(body.data).toMatchObject({ user_id: editor.userId, firstname: 'Edwin', lastname: 'Okello', phone: '+256712345678' });
    expect(await userRow(editor.userId)).toMatchObject({ firstname: 'Edwin', lastname: 'Okello', phone: '+256712345678' });

    const cleared = await updateProfile(editor.accessToken, { firstname: 'Edwin', lastname: 'Okello', phone: '' });
    expect(cleared.statusCode).toBe(200);
    expect((await userRow(editor.userId)).phone).toBeNull();
  });

  it.each([
    ['an empty body', {}, [MESSAGES.firstNameMissing, MESSAGES.lastNameMissing]],
    ['no first name', { lastname: 'Okello' }, [MESSAGES.firstNameMissing]],
    ['a blank first name', { firstname: '   ', lastname: 'Okello' }, [MESSAGES.firstNameMissing]],
    ['no last name', { firstname: 'Edwin' }, [MESSAGES.lastNameMissing]],
    ['an empty last name', { firstname: 'Edwin', lastname: '' }, [MESSAGES.lastNameMissing]],
    ['a short phone', { firstname: 'Edwin', lastname: 'Okello', phone: '0712345' }, [MESSAGES.invalidPhone]],
    ['a long phone', { firstname: 'Edwin', lastname: 'Okello', phone: '1234567890123456' }, [MESSAGES.invalidPhone]],
    ['letters in the phone', { firstname: 'Edwin', lastname: 'Okello', phone: '07123abc678' }, [MESSAGES.invalidPhone]],
    [
      'a trunk 0 before too many digits',
      { firstname: 'Edwin', lastname: 'Okello', phone: '07723456789' },
      [MESSAGES.invalidPhone],
    ],
    [
      'a blank name and a bad phone',
      { firstname: '', lastname: 'Okello', phone: '12' },
      [MESSAGES.firstNameMissing, MESSAGES.invalidPhone],
    ],
  ])('answers 400 for %s and changes nothing', async (_, payload, errors) => {
    const before = await userRow(editor.userId);
    const res = await updateProfile(editor.accessToken, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(errors[0]!, errors));
    expect(await userRow(editor.userId)).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/update-profile',
      payload: { firstname: 'A', lastname: 'B' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject(error(MESSAGES.unauthenticated));
  });

  it('lets the user sign in with the phone number once it is set', async () => {
    const user = await createSignedInUser(t, { firstname: 'Phiona' });
    const update = await updateProfile(user.accessToken, {
      firstname: 'Phiona',
      lastname: 'Nansubuga',
      phone: '+256 772 123 456',
    });
    expect(update.statusCode).toBe(200);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { emailOrPhone: '+256772123456', password: user.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.email).toBe(user.email);

    // That login's code was not used, so the next one waits out the cooldown.
    await skipCodeCooldown(t, user.userId, 'login');
    const session = await signIn(t, '256 772 123 456', user.password);
    expect(session.user).toMatchObject({ user_id: user.userId, phone: '+256772123456', lastname: 'Nansubuga' });
    expect((await getProfile(bearer(session.accessToken))).json().data.user_id).toBe(user.userId);
    // And as dialled at home.
    await skipCodeCooldown(t, user.userId, 'login');
    expect((await signIn(t, '0772 123 456', user.password)).user.user_id).toBe(user.userId);

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { emailOrPhone: '+256772123456', password: 'Wrong#Pass1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject(error(MESSAGES.invalidCredentials));
  });
});
