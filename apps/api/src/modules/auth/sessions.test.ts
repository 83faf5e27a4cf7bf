/** Sessions after sign-in: rotating the refresh token, reuse ending the session, and logout. */
import { MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { error, postPublic } from '../../testing/http.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearer, createSignedInUser, endRefreshGrace, getProfile, sessionsOf, signUpAndVerify } from '../../testing/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/refresh-token', () => {
  it('rotates the pair; reusing the old refresh token after the grace window ends the whole session', async () => {
    const user = await createSignedInUser(t);
    const res = await postPublic(t, '/api/refresh-token', { refreshToken: user.refreshToken });
    expect(res.statusCode).toBe(200);
    const next = res.json().data;
    expect(res.json()).toEqual({
      status: 'success',
      data: { accessToken: expect.any(String), refreshToken: expect.any(String) },
    });
    expect(next.refreshToken).not.toBe(user.refreshToken);
    expect((await getProfile(t, next.accessToken)).statusCode).toBe(200);
    const [session] = await sessionsOf(t, user.userId);
    expect(session!.rotated_at).toBeInstanceOf(Date);
    await endRefreshGrace(t, session!.id);

    const reused = await postPublic(t, '/api/refresh-token', { refreshToken: user.refreshToken });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject(error(MESSAGES.refreshTokenInvalid));
    expect((await sessionsOf(t, user.userId))[0]!.revoked_at).toBeInstanceOf(Date);

    const newest = await postPublic(t, '/api/refresh-token', { refreshToken: next.refreshToken });
    expect(newest.statusCode).toBe(401);
    expect(newest.json()).toMatchObject(error(MESSAGES.refreshTokenInvalid));
    const me = await getProfile(t, next.accessToken);
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject(error(MESSAGES.unauthenticated));
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['an unknown session', '00000000-0000-4000-8000-000000000000.secret'],
  ])('answers 401 for %s', async (_, refreshToken) => {
    const res = await postPublic(t, '/api/refresh-token', { refreshToken });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject(error(MESSAGES.refreshTokenInvalid));
  });

  it('answers 401 for a right session id with a wrong secret, and leaves that session alone (refresh-reuse.test.ts)', async () => {
    const user = await signUpAndVerify(t);
    const tokens = await t.app.services.sessions.start(user.userId, null, ['pwd', 'otp']);
    const [sessionId] = tokens.refreshToken.split('.');
    const res = await postPublic(t, '/api/refresh-token', { refreshToken: `${sessionId}.forged` });
    expect(res.statusCode).toBe(401);
    expect((await postPublic(t, '/api/refresh-token', { refreshToken: tokens.refreshToken })).statusCode).toBe(200);
  });

  it('answers 400 without a token', async () => {
    const res = await postPublic(t, '/api/refresh-token', {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(error(MESSAGES.refreshTokenInvalid, [MESSAGES.refreshTokenInvalid]));
  });
});

describe('POST /api/logout', () => {
  let userId: string;
  beforeAll(async () => {
    userId = (await signUpAndVerify(t)).userId;
  });

  it('with the bearer token revokes the session', async () => {
    const tokens = await t.app.services.sessions.start(userId, null, ['pwd', 'otp']);
    const other = await t.app.services.sessions.start(userId, null, ['pwd', 'otp']);
    const res = await postPublic(t, '/api/logout', undefined, bearer(tokens.accessToken));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: MESSAGES.loggedOut, data: null });
    const me = await getProfile(t, tokens.accessToken);
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject(error(MESSAGES.unauthenticated));
    expect((await postPublic(t, '/api/refresh-token', { refreshToken: tokens.refreshToken })).statusCode).toBe(401);
    const session = await t.database.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', tokens.refreshToken.split('.')[0]!)
      .executeTakeFirst();
    expect(session!.revoked_at).toBeInstanceOf(Date);
    // Only that session ends.
    expect((await getProfile(t, other.accessToken)).statusCode).toBe(200);
  });

  it('with the refresh token in the body revokes the session', async () => {
    const tokens = await t.app.services.sessions.start(userId, null, ['pwd', 'otp']);
    const res = await postPublic(t, '/api/logout', { refreshToken: tokens.refreshToken });
    expect(res.statusCode).toBe(200);
    expect((await getProfile(t, tokens.accessToken)).statusCode).toBe(401);
    expect((await postPublic(t, '/api/refresh-token', { refreshToken: tokens.refreshToken })).statusCode).toBe(401);
  });

  it('without any token answers success and ends nothing', async () => {
    const tokens = await t.app.services.sessions.start(userId, null, ['pwd', 'otp']);
    const res = await postPublic(t, '/api/logout');
    expect(res.statusCode).toBe(200);
    expect((await getProfile(t, tokens.accessToken)).statusCode).toBe(200);
  });
});
