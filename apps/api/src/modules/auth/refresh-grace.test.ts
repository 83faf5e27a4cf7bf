/**
 * Decision 018: two tabs refreshing the same session at once both present the same refresh token. The
 * later one must get the pair the earlier one got instead of ending the session, while a rotated token presented
 * after the grace window, or one rotated more than once since, still ends it.
 */
import type { Tokens } from '@sente/contracts/auth';
import { MESSAGES } from '@sente/contracts/messages';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { error, postPublic } from '../../testing/http.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { endRefreshGrace, getProfile, refreshWith, rotateTokens, signUpAndVerify } from '../../testing/users.ts';
import { findSession } from './repository.ts';
import { createSessionService } from './sessions.ts';

let t: TestApp;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  userId = (await signUpAndVerify(t)).userId;
});
afterAll(() => t.close());

const refresh = (refreshToken: string) => refreshWith(t, refreshToken);
const rotate = (tokens: Tokens) => rotateTokens(t, tokens);

const sidOf = (tokens: Tokens) => decodeJwt(tokens.accessToken).sid as string;

const sessionRow = (sessionId: string) =>
  t.database.db.selectFrom('sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow();

describe('refreshes that race their twin', () => {
  it('all succeed with the same new refresh token when sent at once, and the session stays alive', async () => {
    const tokens = await t.app.services.sessions.start(userId, null, ['pwd', 'otp']);
    const answers = await Promise.all(Array.from({ length: 4 }, () => refresh(tokens.refreshToken)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const pairs: Tokens[] = answers.map((res) => res.json().data);
    const [first] = pairs;
    expect(first!.refreshToken).not.toBe(tokens.refreshToken);
    expect(new Set(pairs.map((pair) => pair.refreshToken))).toEqual(new Set([first!.refreshToken]));

    const row = await sessionRow(sidOf(tokens));
    expect(row.revoked_at).toBeNull();
    expect(row.refresh_generation).toBe(1);
    for (const pair of pairs) expect((await getProfile(t, pair.accessToken)).statusCode).toBe(200);
    // The shared new token is the current one: it rotates on as usual.
    const next = await rotate(first!);
    expect((await getProfile(t, next.accessToken)).statusCode).toBe(200);
  });

  it('both succeed when both read the session before either rotates it (the loser of the rotation looks again)', async () => {
    let reads = 0;
    let bothRead: () => void = () => {};
    const barrier = new Promise<void>((resolve) => {
      bothRead = resolve;
    });
    const sessions = createSessionService({
      db: t.database.db,
      async readSession(db, id) {
        const row = await findSession(db, id);
        reads += 1;
        if (reads === 2) bothRead();
        if (reads <= 2) await barrier;
        return row;
      },
      jwtSecret: 'a-jwt-secret-of-at-least-thirty-two-characters',
      pepper: 'a-pepper-for-this-test-only',
      accessTtlSeconds: 60,
      refreshTtlDays: 1,
    });
    const tokens = await sessions.start(userId, null, ['pwd', 'otp']);
    const [a, b] = await Promise.all([sessions.refresh(tokens.refreshToken), sessions.refresh(tokens.refreshToken)]);
    expect(a.refreshToken).toBe(b.refreshToken);
    expect(reads).toBe(3);
    const row = await sessionRow(sidOf(tokens));
    expect(row.revoked_at).toBeNull();
    expect(row.refresh_generation).toBe(1);
  });

  it('a twin arriving just after the rotation gets the current pair and ends nothing', async () => {
    const tokens = await t.app.services.sessions.start(userId, null, ['pwd', 'otp']);
    const winner = await rotate(tokens);
    const late = await rotate(tokens);
    expect(late.refreshToken).toBe(winner.refreshToken);
    expect((await sessionRow(sidOf(tokens))).refresh_generation).toBe(1);
    expect((await getProfile(t, winner.accessToken)).statusCode).toBe(200);
    expect((await getProfile(t, late.accessToken)).statusCode).toBe(200);
  });
});

describe('reuse outside the grace', () => {
  it('after the grace window ends the whole session', async () => {
    const tokens = await t.app.services.sessions.start(userId, null, ['pwd', 'otp']);
    const next = await rotate(tokens);
    await endRefreshGrace(t, sidOf(tokens));

    const reused = await refresh(tokens.refreshToken);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual(error(MESSAGES.refreshTokenInvalid));
    expect((await sessionRow(sidOf(tokens))).revoked_at).toBeInstanceOf(Date);
    expect((await refresh(next.refreshToken)).statusCode).toBe(401);
    expect((await getProfile(t, next.accessToken)).statusCode).toBe(401);
  });

  it('within the window, a token rotated twice since ends the session', async () => {
    const tokens = await t.app.services.sessions.start(userId, null, ['pwd', 'otp']);
    const third = await rotate(await rotate(tokens));
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
    expect((await sessionRow(sidOf(tokens))).revoked_at).toBeInstanceOf(Date);
    expect((await getProfile(t, third.accessToken)).statusCode).toBe(401);
  });

  it('within the window, a twin of a session that was logged out gets nothing back', async () => {
    const tokens = await t.app.services.sessions.start(userId, null, ['pwd', 'otp']);
    const next = await rotate(tokens);
    expect((await postPublic(t, '/api/logout', { refreshToken: next.refreshToken })).statusCode).toBe(200);
    const late = await refresh(tokens.refreshToken);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual(error(MESSAGES.refreshTokenInvalid));
  });
});
