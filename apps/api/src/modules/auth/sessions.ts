import type { Tokens } from '@sente/contracts/auth';
import type { StaffRole } from '@sente/contracts/constants';
import { MESSAGES } from '@sente/contracts/messages';
import { jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { unauthorized } from '../../lib/http-error.ts';
import { hmac, randomToken, safeEqual } from '../../lib/secrets.ts';
import type { AccountRow } from '../accounts/tables.ts';
import {
  findLiveSessionWithMembership,
  findSession,
  insertSession,
  revokeAllSessions,
  revokeSession,
  rotateSession,
} from './repository.ts';
import type { AuthMethod, SessionRow } from './tables.ts';

/** How many generations back a presented refresh secret is followed (about ten days of refreshing every 15 minutes). */
const REFRESH_LOOKBACK = 1000;

/**
 * How long after a rotation the secret it replaced still answers (decision 018): two tabs that refresh the same
 * session at once both present that secret, and the later one gets the pair the earlier one got.
 */
const REFRESH_GRACE_SECONDS = 10;

/** How many verified access tokens a process remembers at most; past that the oldest is forgotten first. */
const VERIFIED_TOKENS_KEPT = 10_000;

/** Every refresh secret is 32 bytes in base64url: the first is random, each next one an HMAC. */
const SECRET_SHAPE = /^[\w-]{43}$/;
const SESSION_ID_SHAPE = /^[0-9a-f-]{36}$/;

/** The caller of an authenticated request: the user, the session, and how its sign-in was proven (RFC 8176 `amr`). */
export type SessionAuth = { userId: string; sessionId: string; amr: AuthMethod[] };
type TokenClaims = { userId: string; sessionId: string };
export type Membership = { account: AccountRow; role: StaffRole };

type SessionOptions = {
  db: Kysely<Database>;
  jwtSecret: string;
  pepper: string;
  accessTtlSeconds: number;
  refreshTtlDays: number;
  /** How a session is read: the repository's, unless a test holds two refreshes at the same point. */
  readSession?: typeof findSession;
};

/**
 * Access tokens are short-lived JWTs naming the session; refresh tokens are `sessionId.secret`, stored
 * as a keyed hash and rotated on every use. The session id is no secret (every access token names it), so
 * only a secret the session really issued may end it: each refresh derives the next secret from the one
 * presented (an HMAC with the server's pepper), and a presented secret that leads forward to the stored one
 * is an old generation, reused: that revokes the whole session. A secret that leads nowhere is a plain 401.
 * The one exception is a twin: the secret rotated last, presented within REFRESH_GRACE_SECONDS of its rotation,
 * gets the current pair (the next secret in the chain is the current one) and ends nothing.
 */
export function createSessionService(options: SessionOptions) {
  const { db, pepper, accessTtlSeconds, refreshTtlDays, readSession = findSession } = options;
  const key = new TextEncoder().encode(options.jwtSecret);
  const refreshExpiry = () => new Date(Date.now() + refreshTtlDays * 86_400_000);
  const hashOf = (secret: string) => hmac(pepper, secret);
  const nextSecret = (sessionId: string, secret: string) => hmac(pepper, `refresh-next:${sessionId}:${secret}`);

  /** The session a refresh token names and its secret, when the token has the shape of one. */
  function parse(refreshToken: string): { sessionId: string; secret: string } | null {
    const [sessionId, secret, ...rest] = refreshToken.split('.');
    if (!sessionId || !secret || rest.length > 0 || !SESSION_ID_SHAPE.test(sessionId) || !SECRET_SHAPE.test(secret)) {
      return null;
    }
    return { sessionId, secret };
  }

  /**
   * How many rotations ago the session issued this secret: 0 for the current one, n > 0 for a rotated one, null
   * for a secret it never issued (or older than REFRESH_LOOKBACK generations).
   */
  function generationsBehind(session: SessionRow, secret: string): number | null {
    if (safeEqual(hashOf(secret), session.refresh_hash)) return 0;
    let candidate = secret;
    for (let behind = 1; behind <= Math.min(session.refresh_generation, REFRESH_LOOKBACK); behind++) {
      candidate = nextSecret(session.id, candidate);
      if (safeEqual(hashOf(candidate), session.refresh_hash)) return behind;
    }
    return null;
  }

  /** The secret the last rotation replaced, presented within the grace window of that rotation, to a live session. */
  function isTwinOfLastRotation(session: SessionRow, secret: string): boolean {
    if (session.revoked_at || !session.rotated_at) return false;
    const sinceRotation = Date.now() - new Date(session.rotated_at).getTime();
    return sinceRotation < REFRESH_GRACE_SECONDS * 1000 && generationsBehind(session, secret) === 1;
  }

  /**
   * Access tokens already verified, with their claims, until they expire. Checking the HMAC through WebCrypto cost about
   * a tenth of an authenticated list request's CPU, and a session presents the same token on every request
   * for its lifetime. Only the signature check is skipped: the session itself is read on every request.
   */
  const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();

  /** The user and session an access token names, when its signature and expiry hold; 401 otherwise. */
  async function verifiedClaims(token: string): Promise<TokenClaims> {
    const known = verified.get(token);
    if (known && known.expiresAt > Date.now()) return known.claims;
    if (known) verified.delete(token);
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      if (typeof payload.sid === 'string' && SESSION_ID_SHAPE.test(payload.sid) && typeof payload.sub === 'string') {
        const claims = { userId: payload.sub, sessionId: payload.sid };
        if (payload.exp) {
          // Map keeps insertion order: the first key is the oldest token remembered.
          if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
          verified.set(token, { claims, expiresAt: payload.exp * 1000 });
        }
        return claims;
      }
    } catch {
      // falls through to the 401 below
    }
    throw unauthorized(MESSAGES.unauthenticated);
  }

  async function accessToken(userId: string, sessionId: string): Promise<string> {
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(`${accessTtlSeconds}s`)
      .sign(key);
  }

  return {
    /** Starts a session for a sign-in proven by `amr`, kept on the session for every request it authenticates. */
    async start(userId: string, userAgent: string | null, amr: AuthMethod[]): Promise<Tokens> {
      const secret = randomToken(32);
      const { id } = await insertSession(db, {
        user_id: userId,
        refresh_hash: hmac(pepper, secret),
        expires_at: refreshExpiry(),
        user_agent: userAgent?.slice(0, 300) ?? null,
        amr,
      });
      return { accessToken: await accessToken(userId, id), refreshToken: `${id}.${secret}` };
    },

    async refresh(refreshToken: string): Promise<Tokens> {
      const parsed = parse(refreshToken);
      if (!parsed) throw unauthorized(MESSAGES.refreshTokenInvalid);
      const session = await readSession(db, parsed.sessionId);
      if (!session || session.revoked_at || new Date(session.expires_at).getTime() <= Date.now()) {
        throw unauthorized(MESSAGES.refreshTokenInvalid);
      }
      const behind = generationsBehind(session, parsed.secret);
      // A secret this session never issued proves nothing about it: refuse it and leave the session alone.
      if (behind === null) throw unauthorized(MESSAGES.refreshTokenInvalid);
      const next = nextSecret(session.id, parsed.secret);
      const pair = async () => ({
        accessToken: await accessToken(session.user_id, session.id),
        refreshToken: `${session.id}.${next}`,
      });
      if (behind === 0 && (await rotateSession(db, session.id, session.refresh_hash, hashOf(next), refreshExpiry()))) {
        return pair();
      }
      // A twin that rotated this secret a moment ago (in this request's own race, or just before it) made `next`
      // the current secret: hand it over too.
      const now = behind === 0 ? await readSession(db, session.id) : session;
      if (now && isTwinOfLastRotation(now, parsed.secret)) return pair();
      // Any other reuse of a rotated refresh token means it leaked: end the session for everyone holding it.
      await revokeSession(db, session.id);
      throw unauthorized(MESSAGES.refreshTokenInvalid);
    },

    /** Answers the live session behind an access token, or throws 401. */
    async authenticate(token: string): Promise<SessionAuth> {
      const claims = await verifiedClaims(token);
      const session = await readSession(db, claims.sessionId);
      if (!session || session.revoked_at || session.user_id !== claims.userId) throw unauthorized(MESSAGES.unauthenticated);
      return { userId: session.user_id, sessionId: session.id, amr: session.amr };
    },

    /**
     * The live session behind an access token and the caller's current account with their role on it, or null when
     * they have no current account or no longer belong to it; throws 401 for no live session. One query, read afresh
     * on every request, so a sign-out, a revoked session, a removal, a role change or a switch counts at once, in every
     * process.
     */
    async authorize(token: string): Promise<{ auth: SessionAuth; membership: Membership | null }> {
      const claims = await verifiedClaims(token);
      const row = await findLiveSessionWithMembership(db, claims.sessionId, claims.userId);
      if (!row) throw unauthorized(MESSAGES.unauthenticated);
      const { session_id, session_amr, staff_role, ...account } = row;
      return {
        auth: { userId: claims.userId, sessionId: session_id, amr: session_amr },
        membership: staff_role ? { role: staff_role, account: account as AccountRow } : null,
      };
    },

    /** Logout: any secret the session issued ends it (an old one would end it at a refresh anyway); others end nothing. */
    async revokeByRefreshToken(refreshToken: string): Promise<void> {
      const parsed = parse(refreshToken);
      if (!parsed) return;
      const session = await readSession(db, parsed.sessionId);
      if (session && generationsBehind(session, parsed.secret) !== null) await revokeSession(db, session.id);
    },

    revoke: (sessionId: string) => revokeSession(db, sessionId),
    revokeAll: (userId: string) => revokeAllSessions(db, userId),
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
