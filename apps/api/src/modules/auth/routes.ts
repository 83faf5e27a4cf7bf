import { MESSAGES } from '@sente/contracts/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import { route } from '../../lib/route.ts';
import type { AuthService } from './service.ts';
import type { SessionService } from './sessions.ts';

/**
 * The sign-in challenge travels as a cookie (decision 080), so the two steps' bodies stay as the dashboard sends them:
 * HttpOnly (no script reads it), SameSite=Strict (no other site sends it), sent only to the second step's URL, Secure
 * where the site is served over HTTPS, and kept until the browser closes: the challenge's own expiry is the server's,
 * so a code typed too late is told it expired rather than that it is wrong.
 */
const CHALLENGE_COOKIE = 'sente_sign_in';
const CHALLENGE_PATH = '/api/login-otp';

function challengeCookie(value: string, secure: boolean, { clear = false } = {}): string {
  const attributes = [`Path=${CHALLENGE_PATH}`, ...(clear ? ['Max-Age=0'] : []), 'HttpOnly', 'SameSite=Strict'];
  return [`${CHALLENGE_COOKIE}=${value}`, ...attributes, ...(secure ? ['Secure'] : [])].join('; ');
}

/** The challenge's secret from the request's cookies, when it sent one. */
function challengeOf(request: FastifyRequest): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === CHALLENGE_COOKIE) return value.join('=') || undefined;
  }
  return undefined;
}

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; sessions: SessionService; secureCookies: boolean }> = async (
  app,
  { auth, sessions, secureCookies },
) => {
  const setChallenge = (reply: FastifyReply, value: string, options?: { clear: boolean }) =>
    reply.header('set-cookie', challengeCookie(value, secureCookies, options));

  const limited = { access: 'public', rateClass: 'signIn' } as const;

  route(app, 'POST /api/sign-up', limited, async (request, reply) =>
    reply.code(201).send(answer(await auth.signUp(request.body), MESSAGES.verificationCodeSent)),
  );

  route(app, 'POST /api/resend-account-verification-code', limited, async (request) =>
    answer(await auth.resendVerificationCode(request.body), MESSAGES.otpSent),
  );

  route(app, 'POST /api/verify-account', limited, async (request) => {
    await auth.verifyAccount(request.body);
    return answer(null, MESSAGES.accountVerified);
  });

  route(app, 'POST /api/login', limited, async (request, reply) => {
    const { sent, challenge } = await auth.login(request.body);
    setChallenge(reply, challenge);
    return answer(sent, MESSAGES.loginCodeSent);
  });

  route(app, 'POST /api/login-otp', limited, async (request, reply) => {
    const signedIn = await auth.loginWithCode(request.body, challengeOf(request), request.headers['user-agent'] ?? null);
    setChallenge(reply, '', { clear: true });
    return answer(signedIn);
  });

  route(app, 'POST /api/password-reset-code', limited, async (request) => {
    await auth.requestPasswordReset(request.body);
    return answer(null, MESSAGES.resetCodeSent);
  });

  route(app, 'POST /api/change-password', limited, async (request) => {
    await auth.changePassword(request.body);
    return answer(null, MESSAGES.passwordChanged);
  });

  route(app, 'POST /api/refresh-token', limited, async (request) => answer(await sessions.refresh(request.body.refreshToken)));

  /** Ends the session named by the refresh token in the body, or else by the bearer token. */
  route(app, 'POST /api/logout', limited, async (request) => {
    const { refreshToken } = request.body;
    if (typeof refreshToken === 'string') {
      await sessions.revokeByRefreshToken(refreshToken);
    } else {
      const token = request.headers.authorization?.replace(/^Bearer\s+/i, '');
      if (token) {
        const session = await sessions.authenticate(token).catch(() => null);
        if (session) await sessions.revoke(session.sessionId);
      }
    }
    return answer(null, MESSAGES.loggedOut);
  });
};
