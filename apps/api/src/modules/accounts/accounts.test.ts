import { ERROR_CODES } from '@sente/contracts/constants';
import { MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { addMember, bearer, createAccount, createSignedInUser, type SignedInUser } from '../../testing/users.ts';

let t: TestApp;
/** Owns "Alpha Traders"; user B must never see it. */
let owner: SignedInUser;
let ownerAccountId: string;
/** Owns "Beta Shop". */
let other: SignedInUser;
let otherAccountId: string;
/** Has no account at all. */
let accountless: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  [owner, other, accountless] = await Promise.all([
    createSignedInUser(t, { firstname: 'Olivia' }),
    createSignedInUser(t, { firstname: 'Brian' }),
    createSignedInUser(t, { firstname: 'Nora' }),
  ]);
  ownerAccountId = await createAccount(t, owner.accessToken, 'Alpha Traders');
  otherAccountId = await createAccount(t, other.accessToken, 'Beta Shop');
});
afterAll(() => t.close());

const post = (url: string, accessToken: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(accessToken), payload });
const createAccountReq = (accessToken: string, payload: object) =>
  post('/api/sente-account/create-account', accessToken, payload);
const switchAccount = (accessToken: string, payload: object) => post('/api/sente-account/switch-account', accessToken, payload);
const setEnvironment = (accessToken: string, payload: object) => post('/api/keys/set-environment', accessToken, payload);
const profile = async (accessToken: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(accessToken) })).json().data;
const currentAccountId = async (userId: string) =>
  (await t.database.db.selectFrom('users').select('current_account_id').where('id', '=', userId).executeTakeFirstOrThrow())
    .current_account_id;
const accountRow = (id: string) =>
  t.database.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const error = (message: string, errors?: string[]) => ({ status: 'error', message, ...(errors ? { errors } : {}) });

describe('POST /api/sente-account/create-account', () => {
  it('makes the new account current, with its creator as owner: the first, and a second too', async () => {
    const user = await createSignedInUser(t);
    const res = await createAccountReq(user.accessToken, { account_name: '  First Shop  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      status: 'success',
      message: MESSAGES.accountCreated,
      data: { id: expect.any(String), account_name: 'First Shop' },
    });
    const firstId = body.data.id;
    expect(await accountRow(firstId)).toMatchObject({
      user_id: user.userId,
      account_name: 'First Shop',
      account_number: expect.stringMatching(/^\d{10}$/),
      is_approved: false,
      active_environment: 'test',
    });
    const members = await t.database.db.selectFrom('account_members').selectAll().where('account_id', '=', firstId).execute();
    expect(members).toEqual([
      expect.objectContaining({
        user_id: user.userId,
        email: user.email,
        staff_role: 'owner',
        creator_id: user.userId,
        removed_at: null,
      }),
    ]);
    expect(await currentAccountId(user.userId)).toBe(firstId);
    expect((await profile(user.accessToken)).current_account.id).toBe(firstId);

    // A second account is current from its creation too: its creator works in it next (decision 037).
    const secondId = await createAccount(t, user.accessToken, 'Second Shop');
    expect(secondId).not.toBe(firstId);
    expect(await currentAccountId(user.userId)).toBe(secondId);
    const created = await profile(user.accessToken);
    expect(created.current_account).toMatchObject({ id: secondId, account_name: 'Second Shop' });
    expect(created.current_role).toBe('owner');
    expect(created.staff_profiles.map((p: { sente_account: { id: string } }) => p.sente_account.id)).toEqual([firstId, secondId]);

    const switched = await switchAccount(user.accessToken, { sente_account_id: firstId });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toEqual({ status: 'success', message: MESSAGES.accountSwitched, data: null });
    expect(await currentAccountId(user.userId)).toBe(firstId);
    expect((await profile(user.accessToken)).current_account).toMatchObject({ id: firstId, account_name: 'First Shop' });

    expect((await switchAccount(user.accessToken, { sente_account_id: secondId })).statusCode).toBe(200);
    expect(await currentAccountId(user.userId)).toBe(secondId);
  });

  it.each([
    ['no name', {}],
    ['an empty name', { account_name: '' }],
    ['a blank name', { account_name: '    ' }],
    ['a null name', { account_name: null }],
  ])('answers "Account name is missing" for %s and creates nothing', async (_, payload) => {
    const res = await createAccountReq(accountless.accessToken, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(MESSAGES.accountNameMissing, [MESSAGES.accountNameMissing]));
    const rows = await t.database.db.selectFrom('accounts').select('id').where('user_id', '=', accountless.userId).execute();
    expect(rows).toEqual([]);
    expect(await currentAccountId(accountless.userId)).toBeNull();
  });

  it('refuses a name over 120 characters', async () => {
    const res = await createAccountReq(accountless.accessToken, { account_name: 'x'.repeat(121) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Account name must be at most 120 characters');
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sente-account/create-account', payload: { account_name: 'X' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject(error(MESSAGES.unauthenticated));
  });
});

describe('POST /api/sente-account/switch-account', () => {
  it("answers 404 for another user's account and leaves the current account alone", async () => {
    const res = await switchAccount(other.accessToken, { sente_account_id: ownerAccountId });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject(error(MESSAGES.accountNotFound));
    expect(await currentAccountId(other.userId)).toBe(otherAccountId);
    expect((await profile(other.accessToken)).current_account.id).toBe(otherAccountId);
  });

  it('answers 404 for an id that names no account', async () => {
    const res = await switchAccount(other.accessToken, { sente_account_id: '5f0c2a7e-1b2c-4d3e-8f40-123456789abc' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject(error(MESSAGES.accountNotFound));
  });

  it.each([
    ['a malformed id', { sente_account_id: 'not-a-uuid' }],
    ['an empty id', { sente_account_id: '' }],
    ['a number', { sente_account_id: 42 }],
    ['no id', {}],
  ])('answers 400 for %s', async (_, payload) => {
    const res = await switchAccount(other.accessToken, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(MESSAGES.accountNotFound, [MESSAGES.accountNotFound]));
    expect(await currentAccountId(other.userId)).toBe(otherAccountId);
  });
});

describe('POST /api/keys/set-environment', () => {
  it('refuses production until the account is approved, then switches both ways', async () => {
    const user = await createSignedInUser(t);
    const accountId = await createAccount(t, user.accessToken, 'Gamma Goods');

    const refused = await setEnvironment(user.accessToken, { environment: 'production' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject(error(MESSAGES.environmentNotApproved));
    expect((await accountRow(accountId)).active_environment).toBe('test');

    const approved = await t.app.services.accounts.approve(user.email);
    expect(approved).toEqual([{ id: accountId, account_name: 'Gamma Goods', email: user.email }]);

    const live = await setEnvironment(user.accessToken, { environment: 'production' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({
      status: 'success',
      message: MESSAGES.environmentChanged('live'),
      data: { active_environment: 'production' },
    });
    expect((await accountRow(accountId)).active_environment).toBe('production');
    const me = await profile(user.accessToken);
    expect(me.current_account).toMatchObject({
      id: accountId,
      is_approved: true,
      api_keys: { active_environment: 'production' },
    });

    const back = await setEnvironment(user.accessToken, { environment: 'test' });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual({
      status: 'success',
      message: MESSAGES.environmentChanged('test'),
      data: { active_environment: 'test' },
    });
    expect((await accountRow(accountId)).active_environment).toBe('test');
  });

  it.each([
    ['"live"', { environment: 'live' }],
    ['an upper-case name', { environment: 'PRODUCTION' }],
    ['an empty value', { environment: '' }],
    ['no value', {}],
  ])('answers 400 for %s', async (_, payload) => {
    const res = await setEnvironment(owner.accessToken, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(MESSAGES.environmentInvalid, [MESSAGES.environmentInvalid]));
    expect((await accountRow(ownerAccountId)).active_environment).toBe('test');
  });

  it('answers 409 NO_CURRENT_ACCOUNT to a user without an account', async () => {
    const res = await setEnvironment(accountless.accessToken, { environment: 'test' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ status: 'error', message: MESSAGES.noCurrentAccount, code: ERROR_CODES.noCurrentAccount });
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/keys/set-environment', payload: { environment: 'test' } });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 to a member whose role may not manage the account, and a removed member loses the account', async () => {
    const developer = await createSignedInUser(t, { firstname: 'Dev' });
    const ownAccountId = await createAccount(t, developer.accessToken, 'Dev Own');
    const memberId = await addMember(t, ownerAccountId, developer, 'developer', owner.userId);

    expect((await switchAccount(developer.accessToken, { sente_account_id: ownerAccountId })).statusCode).toBe(200);
    const me = await profile(developer.accessToken);
    expect(me.current_account.id).toBe(ownerAccountId);
    expect(me.current_role).toBe('developer');

    const before = await accountRow(ownerAccountId);
    const res = await setEnvironment(developer.accessToken, { environment: 'test' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject(error(MESSAGES.forbiddenForRole));
    expect(await accountRow(ownerAccountId)).toEqual(before);

    // The same user may on the account they own.
    expect((await switchAccount(developer.accessToken, { sente_account_id: ownAccountId })).statusCode).toBe(200);
    expect((await setEnvironment(developer.accessToken, { environment: 'test' })).statusCode).toBe(200);

    // Once removed from the team, the account is gone for them.
    expect((await switchAccount(developer.accessToken, { sente_account_id: ownerAccountId })).statusCode).toBe(200);
    await t.database.db.updateTable('account_members').set({ removed_at: new Date() }).where('id', '=', memberId).execute();
    const removed = await profile(developer.accessToken);
    expect(removed.current_account).toBeNull();
    expect(removed.current_role).toBeNull();
    expect(removed.staff_profiles.map((p: { sente_account: { id: string } }) => p.sente_account.id)).toEqual([ownAccountId]);
    const afterRemoval = await setEnvironment(developer.accessToken, { environment: 'test' });
    expect(afterRemoval.statusCode).toBe(409);
    expect(afterRemoval.json().code).toBe(ERROR_CODES.noCurrentAccount);
    expect((await switchAccount(developer.accessToken, { sente_account_id: ownerAccountId })).statusCode).toBe(404);
  });
});

describe('isolation between users', () => {
  it("never shows user B user A's account", async () => {
    const me = await profile(other.accessToken);
    expect(me.current_account.id).toBe(otherAccountId);
    expect(me.staff_profiles).toEqual([
      { id: expect.any(String), staff_role: 'owner', sente_account: { id: otherAccountId, account_name: 'Beta Shop' } },
    ]);
    const ownerAccount = await accountRow(ownerAccountId);
    const raw = JSON.stringify(me);
    expect(raw).not.toContain(ownerAccountId);
    expect(raw).not.toContain(ownerAccount.account_name);
    expect(raw).not.toContain(ownerAccount.account_number);
  });

  it("never lets user B switch into user A's account", async () => {
    const res = await switchAccount(other.accessToken, { sente_account_id: ownerAccountId });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Alpha Traders');
    expect(await currentAccountId(other.userId)).toBe(otherAccountId);
  });

  it("changes only B's own account when B approves and switches environment", async () => {
    await t.app.services.accounts.approve(other.email);
    const res = await setEnvironment(other.accessToken, { environment: 'production' });
    expect(res.statusCode).toBe(200);
    expect(await accountRow(otherAccountId)).toMatchObject({ is_approved: true, active_environment: 'production' });
    expect(await accountRow(ownerAccountId)).toMatchObject({ is_approved: false, active_environment: 'test' });
    expect((await profile(owner.accessToken)).current_account.api_keys.active_environment).toBe('test');
    expect((await setEnvironment(other.accessToken, { environment: 'test' })).statusCode).toBe(200);
  });
});
