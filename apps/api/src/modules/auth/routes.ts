import {
  changePasswordInput,
  emailOrPhoneInput,
  loginInput,
  loginOtpInput,
  refreshTokenInput,
  signUpInput,
  verifyAccountInput,
} from '@sente/contracts/auth';
import { MESSAGES } from '@sente/contracts/messages';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/http-error.ts';
import type { AuthService } from './service.ts';
import type { SessionService } from './sessions.ts';

export async function authRoutes(app: FastifyInstance, opts: { auth: AuthService; sessions: SessionService }) {
  const { auth, sessions } = opts;
  const limited = { config: { rateClass: 'signIn' } } as const;

  app.post('/api/sign-up', limited, async (request, reply) => {
    const data = await auth.signUp(parseInput(signUpInput, request.body));
    return reply.code(201).send({ status: 'success', message: MESSAGES.verificationCodeSent, data });
  });

  app.post('/api/resend-account-verification-code', limited, async (request) => {
    const data = await auth.resendVerificationCode(parseInput(emailOrPhoneInput, request.body));
    return { status: 'success', message: MESSAGES.otpSent, data };
  });

  app.post('/api/verify-account', limited, async (request) => {
    await auth.verifyAccount(parseInput(verifyAccountInput, request.body));
    return { status: 'success', message: MESSAGES.accountVerified, data: null };
  });

  app.post('/api/login', limited, async (request) => {
    const data = await auth.login(parseInput(loginInput, request.body));
    return { status: 'success', message: MESSAGES.loginCodeSent, data };
  });

  app.post('/api/login-otp', limited, async (request) => {
    const data = await auth.loginWithCode(parseInput(loginOtpInput, request.body), request.headers['user-agent'] ?? null);
    return { status: 'success', data };
  });

  app.post('/api/password-reset-code', limited, async (request) => {
    await auth.requestPasswordReset(parseInput(emailOrPhoneInput, request.body));
    return { status: 'success', message: MESSAGES.resetCodeSent, data: null };
  });

  app.post('/api/change-password', limited, async (request) => {
    await auth.changePassword(parseInput(changePasswordInput, request.body));
    return { status: 'success', message: MESSAGES.passwordChanged, data: null };
  });

  app.post('/api/refresh-token', limited, async (request) => {
    const { refreshToken } = parseInput(refreshTokenInput, request.body);
    return { status: 'success', data: await sessions.refresh(refreshToken) };
  });

  /** Ends the session named by the refresh token in the body, or else by the bearer token. */
  app.post('/api/logout', limited, async (request) => {
    const body = (request.body ?? {}) as { refreshToken?: unknown };
    if (typeof body.refreshToken === 'string') {
      await sessions.revokeByRefreshToken(body.refreshToken);
    } else {
      const token = request.headers.authorization?.replace(/^Bearer\s+/i, '');
      if (token) {
        const session = await sessions.authenticate(token).catch(() => null);
        if (session) await sessions.revoke(session.sessionId);
      }
    }
    return { status: 'success', message: MESSAGES.loggedOut, data: null };
  });
}
