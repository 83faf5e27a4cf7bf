/**
 * Decision 015: a made-up refresh token `<someone's session id>.<anything>` must not end that person's session (the id is
 * readable in every access token), while a genuinely rotated token presented again still ends it, however many
 * generations old it is.
 */
import { randomBytes } from 'node:crypto';
import type { Tokens } from '@sente/contracts/auth';
import { MESSAGES } from '@sente/contracts/messages';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { error, postPublic } from '../../testing/http.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { endRefreshGrace, getProfile, refreshWith, rotateTokens, signUpAndVerify } from '../../testing/users.ts';

let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  userId = (await signUpAndVerify(t)).userId;
});
afterAll(() => t.close());

const refresh = (refreshToken: string) => refreshWith(t, refreshToken);
const rotate = (tokens: Tokens) => rotateTokens(t, tokens);

const sessionRow = (sessionId: string) =>
  t.database.db.selectFrom('sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow();

/** A secret of the right shape (32 bytes, base64url) that no session issued. */
const madeUpSecret = () => randomBytes(32).toString('base64url');

/** The session id anyone holding the access token can read. */
const sidOf = (tokens: Tokens) => decodeJwt(tokens.accessToken).sid as string;

describe('a made-up refresh secret for a real session', () => {
  it('is a plain 401 that ends nothing: the session keeps refreshing and its access token keeps working', async () => {
    const tokens = await t.app.services.sessions.start(userId, null, ['pwd', 'otp']);
    const sessionId = sidOf(tokens);
    expect(tokens.refreshToken.startsWith(`${sessionId}.`)).toBe(true);

    for (const forged of [`${sessionId}.${madeUpSecret()}`, `${sessionId}.forged`, `${sessionId}.`, `${sessionId}.a.b`]) {
      const res = await refresh(forged);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(error(MESSAGES.refreshTokenInvalid));
    }
    expect((await sessionRow(sessionId)).revoked_at).toBeNull();
    expect((await getProfile(t, tokens.accessToken)).statusCode).toBe(200);
    const next = await rotate(tokens);
    expect((await getProfile(t, next.accessToken)).statusCode).toBe(200);
  });

  it('ends nothing after rotations either, and logout with it ends nothing', async () => {
    const first = await t.app.services.sessions.start(userId, null, ['pwd', 'otp']);
    const third = await rotate(await rotate(first));
    const sessionId = sidOf(third);
    expect((await refresh(`${sessionId}.${madeUpSecret()}`)).statusCode).toBe(401);
    const logout = await postPublic(t, '/api/logout', { refreshToken: `${sessionId}.${madeUpSecret()}` });
    expect(logout.statusCode).toBe(200);
    expect((await sessionRow(sessionId)).revoked_at).toBeNull();
    expect((await getProfile(t, third.accessToken)).statusCode).toBe(200);
    await rotate(third);
  });

  it("another session's genuine secret, old or current, is made up for this one", async () => {
    const mine = await t.app.services.sessions.start(userId, null, ['pwd', 'otp']);
    const theirsOld = await t.app.services.sessions.start(userId, null, ['pwd', 'otp']);
    const theirsNow = await rotate(theirsOld);
    for (const other of [theirsOld, theirsNow]) {
      const secret = other.refreshToken.split('.')[1];
      expect((await refresh(`${sidOf(mine)}.${secret}`)).statusCode).toBe(401);
    }
    expect((await sessionRow(sidOf(mine))).revoked_at).toBeNull();
    expect((await sessionRow(sidOf(theirsNow))).revoked_at).toBeNull();
    await rotate(mine);
    await rotate(theirsNow);
  });
});

describe('a genuinely rotated refresh token presented again', () => {
  it.each([1, 2, 5])('ends the whole session when it is %i generation(s) old', async (age) => {
    const generations = [await t.app.services.sessions.start(userId, null, ['pwd', 'otp'])];
    for (let i = 0; i < age; i++) generations.push(await rotate(generations.at(-1)!));
    const old = generations[0]!;
    const newest = generations.at(-1)!;
    expect((await sessionRow(sidOf(newest))).refresh_generation).toBe(age);
    await endRefreshGrace(t, sidOf(newest));

    const reused = await refresh(old.refreshToken);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual(error(MESSAGES.refreshTokenInvalid));
    expect((await sessionRow(sidOf(newest))).revoked_at).toBeInstanceOf(Date);
    expect((await refresh(newest.refreshToken)).statusCode).toBe(401);
    const me = await getProfile(t, newest.accessToken);
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual(error(MESSAGES.unauthenticated));
  });

  it('at logout also ends the session', async () => {
    const first = await t.app.services.sessions.start(userId, null, ['pwd', 'otp']);
    const second = await rotate(first);
    expect((await postPublic(t, '/api/logout', { refreshToken: first.refreshToken })).statusCode).toBe(200);
    expect((await getProfile(t, second.accessToken)).statusCode).toBe(401);
  });

  it('is told from a made-up one only by the server: each new secret looks as random as the first', async () => {
    const first = await t.app.services.sessions.start(userId, null, ['pwd', 'otp']);
    const second = await rotate(first);
    const [, firstSecret] = first.refreshToken.split('.');
    const [, secondSecret] = second.refreshToken.split('.');
    expect(secondSecret).toMatch(/^[\w-]{43}$/);
    expect(secondSecret).not.toBe(firstSecret);
    const row = await sessionRow(sidOf(second));
    expect(row.refresh_hash).not.toContain(secondSecret!);
    expect(row.refresh_generation).toBe(1);
  });
});
