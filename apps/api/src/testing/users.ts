import { randomBytes } from 'node:crypto';
import type { User } from '@sente/contracts/accounts';
import type { Tokens } from '@sente/contracts/auth';
import type { StaffRole } from '@sente/contracts/constants';
import { sql } from 'kysely';
import type { CodePurpose } from '../modules/auth/tables.ts';
import { lastCode, lastTextedCode } from './outbox.ts';
import type { TestApp } from './test-app.ts';

/** A password that satisfies the sign-up rule. */
export const PASSWORD = 'Sente#2026pass';
/** Another one, for a password change. */
export const NEW_PASSWORD = 'Another#Pass9';

export const SUBJECTS = {
  verify: 'Verify your Sente account',
  login: 'Your Sente sign-in code',
  reset: 'Reset your Sente password',
} as const;

export type TestUser = { userId: string; email: string; password: string; firstname: string; lastname: string };
export type SignedInUser = TestUser & Tokens & { user: User };

/** A fresh address, so users of one file never collide. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

export function bearer(accessToken: string): { authorization: string } {
  return { authorization: `Bearer ${accessToken}` };
}

function fail(step: string, res: { statusCode: number; body: string }): never {
  throw new Error(`${step} answered ${res.statusCode}: ${res.body}`);
}

/** POST /api/sign-up; the user is not verified yet. */
export async function signUp(t: TestApp, overrides: Partial<Omit<TestUser, 'userId'>> = {}): Promise<TestUser> {
  const input = { firstname: 'Amina', lastname: 'Nakato', email: uniqueEmail(), password: PASSWORD, ...overrides };
  const res = await t.app.inject({ method: 'POST', url: '/api/sign-up', payload: input });
  if (res.statusCode !== 201) fail('sign-up', res);
  return { ...input, email: input.email.toLowerCase(), userId: res.json().data.user_id };
}

/** Signs up and verifies with the code from the outbox. */
export async function signUpAndVerify(t: TestApp, overrides: Partial<Omit<TestUser, 'userId'>> = {}): Promise<TestUser> {
  const user = await signUp(t, overrides);
  const code = lastCode(t.outboxDir, user.email, SUBJECTS.verify);
  const res = await t.app.inject({ method: 'POST', url: '/api/verify-account', payload: { email_or_phone: user.email, code } });
  if (res.statusCode !== 200) fail('verify-account', res);
  return user;
}

/**
 * The sign-in challenge a POST /api/login answered, as the header that sends it back to /api/login-otp (the browser
 * keeps the cookie; a test passes it on). Empty when the answer set none.
 */
export function challengeFrom(login: { headers: Record<string, unknown> }): Record<string, string> {
  const setCookie = login.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie]).find(
    (value): value is string => typeof value === 'string' && value.startsWith('sente_sign_in='),
  );
  return cookie ? { cookie: cookie.split(';')[0]! } : {};
}

/**
 * POST /api/login then /api/login-otp with the code from the outbox and the challenge the login answered. After a login whose code was not
 * used, a new sign-in within 50 seconds needs `skipCodeCooldown(t, userId, 'login')` first.
 */
export async function signIn(t: TestApp, emailOrPhone: string, password = PASSWORD): Promise<Tokens & { user: User }> {
  const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { emailOrPhone, password } });
  if (login.statusCode !== 200) fail('login', login);
  const code = lastCode(t.outboxDir, login.json().data.email, SUBJECTS.login);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login-otp',
    payload: { emailOrPhone, code },
    headers: challengeFrom(login),
  });
  if (res.statusCode !== 200) fail('login-otp', res);
  return res.json().data;
}

/** A verified, signed-in user. */
export async function createSignedInUser(t: TestApp, overrides: Partial<Omit<TestUser, 'userId'>> = {}): Promise<SignedInUser> {
  const user = await signUpAndVerify(t, overrides);
  return { ...user, ...(await signIn(t, user.email, user.password)) };
}

/** POST /api/sente-account/create-account; answers the new account's id. */
export async function createAccount(t: TestApp, accessToken: string, accountName = 'Main shop'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/sente-account/create-account',
    headers: bearer(accessToken),
    payload: { account_name: accountName },
  });
  if (res.statusCode !== 201) fail('create-account', res);
  return res.json().data.id;
}

/** Moves the user's codes of this purpose 51 seconds into the past, as if the resend cooldown had run out. */
export async function skipCodeCooldown(t: TestApp, userId: string, purpose: CodePurpose): Promise<void> {
  await sql`update one_time_codes set created_at = created_at - interval '51 seconds'
            where user_id = ${userId} and purpose = ${purpose}`.execute(t.database.db);
}

/** The user's one-time code rows of a purpose, newest first. */
export function codeRows(t: TestApp, userId: string, purpose: CodePurpose) {
  return t.database.db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .execute();
}

/**
 * Adds a user to an account with a role, as an accepted invite will once the team API exists, and
 * answers the member id. With makeCurrent the account also becomes the user's current one.
 */
export async function addMember(
  t: TestApp,
  accountId: string,
  user: { userId: string; email: string },
  role: StaffRole,
  creatorId: string,
  options: { makeCurrent?: boolean } = {},
): Promise<string> {
  const { id } = await t.database.db
    .insertInto('account_members')
    .values({ account_id: accountId, user_id: user.userId, email: user.email, staff_role: role, creator_id: creatorId })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.makeCurrent) {
    await t.database.db.updateTable('users').set({ current_account_id: accountId }).where('id', '=', user.userId).execute();
  }
  return id;
}

/** GET /api/user/profile with an access token: 200 while its session lasts, 401 once it has ended. */
export function getProfile(t: TestApp, accessToken: string) {
  return t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(accessToken) });
}

export function findUser(t: TestApp, email: string) {
  return t.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/** The user's sessions, oldest first. */
export function sessionsOf(t: TestApp, userId: string) {
  return t.database.db.selectFrom('sessions').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
}

/** POST /api/refresh-token with this refresh token, answered as it comes. */
export const refreshWith = (t: TestApp, refreshToken: string) =>
  t.app.inject({ method: 'POST', url: '/api/refresh-token', payload: { refreshToken } });

/** Refreshes the session, failing loudly unless the server answers the next pair. */
export async function rotateTokens(t: TestApp, tokens: Tokens): Promise<Tokens> {
  const res = await refreshWith(t, tokens.refreshToken);
  if (res.statusCode !== 200) throw new Error(`refresh-token answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

/** Moves the last refresh of the session past the grace window, so its replaced secret counts as reused again. */
export async function endRefreshGrace(t: TestApp, sessionId: string): Promise<void> {
  await t.database.db
    .updateTable('sessions')
    .set({ rotated_at: sql`rotated_at - interval '1 minute'` })
    .where('id', '=', sessionId)
    .execute();
}

/** Moves the expiry of every code of the user into the past. */
export async function expireCodes(t: TestApp, userId: string): Promise<void> {
  await t.database.db
    .updateTable('one_time_codes')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('user_id', '=', userId)
    .execute();
}

/** A six-digit code that is not `code`. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/**
 * Saves `phone` (`+2567XXXXXXXX`) in the user's profile and proves it with the code texted to it, through the routes
 * (decision 070): SMS codes and alerts go only to a verified phone.
 */
export async function verifyPhone(
  t: TestApp,
  who: { accessToken: string; firstname: string; lastname: string },
  phone: string,
): Promise<void> {
  const inject = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(who.accessToken), payload });
  const saved = await inject('/api/user/update-profile', { firstname: who.firstname, lastname: who.lastname, phone });
  if (saved.statusCode !== 200) fail('update-profile', saved);
  const sent = await inject('/api/user/phone/send-code', {});
  if (sent.statusCode !== 200) fail('phone/send-code', sent);
  const verified = await inject('/api/user/phone/verify', { code: lastTextedCode(t.dataDir, phone.slice(1)) });
  if (verified.statusCode !== 200) fail('phone/verify', verified);
}
