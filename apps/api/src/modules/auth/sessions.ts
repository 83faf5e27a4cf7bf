import type { Tokens } from '@sente/contracts/auth';
import { MESSAGES } from '@sente/contracts/messages';
import { jwtVerify, SignJWT } from 'jose';
import { unauthorized } from '../../lib/http-error.ts';
import { hmac, randomToken } from '../../lib/secrets.ts';
import type { AuthRepository } from './repository.ts';

type SessionOptions = {
  repo: AuthRepository;
  jwtSecret: string;
  pepper: string;
  accessTtlSeconds: number;
  refreshTtlDays: number;
};

/**
 * Access tokens are short-lived JWTs naming the session; refresh tokens are `sessionId.secret`, stored
 * as a keyed hash and rotated on every use. Presenting an old refresh token revokes the whole session.
 */
export function createSessionService(options: SessionOptions) {
  const { repo, pepper, accessTtlSeconds, refreshTtlDays } = options;
  const key = new TextEncoder().encode(options.jwtSecret);
  const refreshExpiry = () => new Date(Date.now() + refreshTtlDays * 86_400_000);

  async function accessToken(userId: string, sessionId: string): Promise<string> {
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(`${accessTtlSeconds}s`)
      .sign(key);
  }

  return {
    async start(userId: string, userAgent: string | null): Promise<Tokens> {
      const secret = randomToken(32);
      const { id } = await repo.insertSession({
        user_id: userId,
        refresh_hash: hmac(pepper, secret),
        expires_at: refreshExpiry(),
        user_agent: userAgent?.slice(0, 300) ?? null,
      });
      return { accessToken: await accessToken(userId, id), refreshToken: `${id}.${secret}` };
    },

    async refresh(refreshToken: string): Promise<Tokens> {
      const [sessionId, secret] = refreshToken.split('.');
      if (!sessionId || !secret || !/^[0-9a-f-]{36}$/.test(sessionId)) throw unauthorized(MESSAGES.refreshTokenInvalid);
      const session = await repo.findSession(sessionId);
      if (!session || session.revoked_at || new Date(session.expires_at).getTime() <= Date.now()) {
        throw unauthorized(MESSAGES.refreshTokenInvalid);
      }
      const presented = hmac(pepper, secret);
      const next = randomToken(32);
      if (
        presented !== session.refresh_hash ||
        !(await repo.rotateSession(session.id, presented, hmac(pepper, next), refreshExpiry()))
      ) {
        // A refresh token used twice means it leaked: end the session for everyone holding it.
        await repo.revokeSession(session.id);
        throw unauthorized(MESSAGES.refreshTokenInvalid);
      }
      return { accessToken: await accessToken(session.user_id, session.id), refreshToken: `${session.id}.${next}` };
    },

    /** Answers the live session behind an access token, or throws 401. */
    async authenticate(token: string): Promise<{ userId: string; sessionId: string }> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const sessionId = typeof payload.sid === 'string' ? payload.sid : '';
        const session = sessionId ? await repo.findSession(sessionId) : undefined;
        if (!session || session.revoked_at || session.user_id !== payload.sub) throw new Error('session ended');
        return { userId: session.user_id, sessionId: session.id };
      } catch {
        throw unauthorized(MESSAGES.unauthenticated);
      }
    },

    async revokeByRefreshToken(refreshToken: string): Promise<void> {
      const [sessionId, secret] = refreshToken.split('.');
      if (!sessionId || !secret || !/^[0-9a-f-]{36}$/.test(sessionId)) return;
      const session = await repo.findSession(sessionId);
      if (session && session.refresh_hash === hmac(pepper, secret)) await repo.revokeSession(session.id);
    },

    revoke: (sessionId: string) => repo.revokeSession(sessionId),
    revokeAll: (userId: string) => repo.revokeAllSessions(userId),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
