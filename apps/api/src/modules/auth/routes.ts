import { MESSAGES } from '@sente/contracts/messages';
import { ROUTES } from '@sente/contracts/routes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import type { AuthService } from './service.ts';
import type { SessionService } from './sessions.ts';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; sessions: SessionService }> = async (
  app,
  { auth, sessions },
) => {
  const limited = { config: { rateClass: 'signIn' } } as const;

  app.post('/api/sign-up', { ...limited, schema: ROUTES['POST /api/sign-up'] }, async (request, reply) =>
    reply.code(201).send(answer(await auth.signUp(request.body), MESSAGES.verificationCodeSent)),
  );

  app.post(
    '/api/resend-account-verification-code',
    { ...limited, schema: ROUTES['POST /api/resend-account-verification-code'] },
    async (request) => answer(await auth.resendVerificationCode(request.body), MESSAGES.otpSent),
  );

  app.post('/api/verify-account', { ...limited, schema: ROUTES['POST /api/verify-account'] }, async (request) => {
    await auth.verifyAccount(request.body);
    return answer(null, MESSAGES.accountVerified);
  });

  app.post('/api/login', { ...limited, schema: ROUTES['POST /api/login'] }, async (request) =>
    answer(await auth.login(request.body), MESSAGES.loginCodeSent),
  );

  app.post('/api/login-otp', { ...limited, schema: ROUTES['POST /api/login-otp'] }, async (request) =>
    answer(await auth.loginWithCode(request.body, request.headers['user-agent'] ?? null)),
  );

  app.post('/api/password-reset-code', { ...limited, schema: ROUTES['POST /api/password-reset-code'] }, async (request) => {
    await auth.requestPasswordReset(request.body);
    return answer(null, MESSAGES.resetCodeSent);
  });

  app.post('/api/change-password', { ...limited, schema: ROUTES['POST /api/change-password'] }, async (request) => {
    await auth.changePassword(request.body);
    return answer(null, MESSAGES.passwordChanged);
  });

  app.post('/api/refresh-token', { ...limited, schema: ROUTES['POST /api/refresh-token'] }, async (request) =>
    answer(await sessions.refresh(request.body.refreshToken)),
  );

  /** Ends the session named by the refresh token in the body, or else by the bearer token. */
  app.post('/api/logout', { ...limited, schema: ROUTES['POST /api/logout'] }, async (request) => {
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
