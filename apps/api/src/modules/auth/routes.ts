import { MESSAGES } from '@sente/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import { route } from '../../lib/route.ts';
import type { AuthService } from './service.ts';
import type { SessionService } from './sessions.ts';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; sessions: SessionService }> = async (
  app,
  { auth, sessions },
) => {
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

  route(app, 'POST /api/login', limited, async (request) => answer(await auth.login(request.body), MESSAGES.loginCodeSent));

  route(app, 'POST /api/login-otp', limited, async (request) =>
    answer(await auth.loginWithCode(request.body, request.headers['user-agent'] ?? null)),
  );

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
