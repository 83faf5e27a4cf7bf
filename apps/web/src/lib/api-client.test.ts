// @vitest-environment happy-dom
/**
 * Decision 018: two tabs share the tokens (localStorage) and may refresh the same session at once. A tab must not sign
 * out because another tab refreshed first; only a refresh that really fails ends the session.
 */
import { MESSAGES } from '@sente/contracts/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { assertNoStubDrift, fail, ok, stubApi } from '../testing/api-stub.ts';
import { testUser } from '../testing/test-user.ts';
import { call, onSessionExpired } from './api-client.ts';
import { session } from './session.ts';

const OLD = { accessToken: 'access-1', refreshToken: 'session.secret-1' };
const NEW = { accessToken: 'access-2', refreshToken: 'session.secret-2' };

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  assertNoStubDrift();
});

const PROFILE = testUser();
const expired = () => fail(401, MESSAGES.unauthenticated);
const profileFor = (token: string) => (request: { headers: Record<string, string> }) =>
  request.headers.authorization === `Bearer ${token}` ? ok(PROFILE) : expired();

function watchSessionExpiry() {
  const expiredSessions = vi.fn();
  const stop = onSessionExpired(expiredSessions);
  return { expiredSessions, stop };
}

describe('call() when the access token has expired', () => {
  it('refreshes once and retries with the new access token', async () => {
    session.setTokens(OLD);
    const stub = stubApi({ 'GET /api/user/profile': profileFor(NEW.accessToken), 'POST /api/refresh-token': ok(NEW) });
    await expect(call('GET /api/user/profile')).resolves.toEqual({ status: 'success', data: PROFILE });
    expect(stub.sent('POST /api/refresh-token').map((r) => r.body)).toEqual([{ refreshToken: OLD.refreshToken }]);
    expect(session.refreshToken()).toBe(NEW.refreshToken);
  });

  it('shares one refresh among the requests of a tab that met the 401 together', async () => {
    session.setTokens(OLD);
    const stub = stubApi({ 'GET /api/user/profile': profileFor(NEW.accessToken), 'POST /api/refresh-token': ok(NEW) });
    await Promise.all([call('GET /api/user/profile'), call('GET /api/user/profile'), call('GET /api/user/profile')]);
    expect(stub.sent('POST /api/refresh-token')).toHaveLength(1);
  });

  it('uses the pair another tab stored meanwhile instead of refreshing again', async () => {
    session.setTokens(OLD);
    const stub = stubApi({
      'GET /api/user/profile': (request) => {
        if (request.headers.authorization === `Bearer ${OLD.accessToken}`) {
          session.setTokens(NEW);
          return expired();
        }
        return profileFor(NEW.accessToken)(request);
      },
    });
    await expect(call('GET /api/user/profile')).resolves.toMatchObject({ data: { user_id: PROFILE.user_id } });
    expect(stub.sent('POST /api/refresh-token')).toHaveLength(0);
  });

  it('stays signed in when its refresh is refused because another tab rotated the token first', async () => {
    session.setTokens(OLD);
    const { expiredSessions, stop } = watchSessionExpiry();
    stubApi({
      'GET /api/user/profile': profileFor(NEW.accessToken),
      'POST /api/refresh-token': () => {
        session.setTokens(NEW);
        return fail(401, MESSAGES.refreshTokenInvalid);
      },
    });
    await expect(call('GET /api/user/profile')).resolves.toMatchObject({ data: { user_id: PROFILE.user_id } });
    expect(session.accessToken()).toBe(NEW.accessToken);
    expect(expiredSessions).not.toHaveBeenCalled();
    stop();
  });

  it('ends the session when the refresh is refused and no tab holds a newer pair', async () => {
    session.setTokens(OLD);
    const { expiredSessions, stop } = watchSessionExpiry();
    stubApi({ 'GET /api/user/profile': expired(), 'POST /api/refresh-token': fail(401, MESSAGES.refreshTokenInvalid) });
    await expect(call('GET /api/user/profile')).rejects.toMatchObject({ status: 401 });
    expect(session.accessToken()).toBeNull();
    expect(expiredSessions).toHaveBeenCalledTimes(1);
    stop();
  });
});
