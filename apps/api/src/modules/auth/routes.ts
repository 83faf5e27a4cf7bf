import { loginResult } from '@sente/contracts/accounts';
import { answerOf } from '@sente/contracts/api';
import {
  changePasswordInput,
  codeSent,
  emailOrPhoneInput,
  loginCodeSent,
  loginInput,
  loginOtpInput,
  logoutInput,
  refreshTokenInput,
  signUpInput,
  signUpResult,
  tokens,
  verifyAccountInput,
} from '@sente/contracts/auth';
import { MESSAGES } from '@sente/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer } from '../../lib/answer.ts';
import type { AuthService } from './service.ts';
import type { SessionService } from './sessions.ts';

const done = answerOf(z.null());

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; sessions: SessionService }> = async (
  app,
  { auth, sessions },
) => {
  const limited = { config: { rateClass: 'signIn' } } as const;

  app.post(
    '/api/sign-up',
    { ...limited, schema: { body: signUpInput, response: { 201: answerOf(signUpResult) } } },
    async (request, reply) => reply.code(201).send(answer(await auth.signUp(request.body), MESSAGES.verificationCodeSent)),
  );

  app.post(
    '/api/resend-account-verification-code',
    { ...limited, schema: { body: emailOrPhoneInput, response: { 200: answerOf(codeSent) } } },
    async (request) => answer(await auth.resendVerificationCode(request.body), MESSAGES.otpSent),
  );

  app.post(
    '/api/verify-account',
    { ...limited, schema: { body: verifyAccountInput, response: { 200: done } } },
    async (request) => {
      await auth.verifyAccount(request.body);
      return answer(null, MESSAGES.accountVerified);
    },
  );

  app.post(
    '/api/login',
    { ...limited, schema: { body: loginInput, response: { 200: answerOf(loginCodeSent) } } },
    async (request) => answer(await auth.login(request.body), MESSAGES.loginCodeSent),
  );

  app.post(
    '/api/login-otp',
    { ...limited, schema: { body: loginOtpInput, response: { 200: answerOf(loginResult) } } },
    async (request) => answer(await auth.loginWithCode(request.body, request.headers['user-agent'] ?? null)),
  );

  app.post(
    '/api/password-reset-code',
    { ...limited, schema: { body: emailOrPhoneInput, response: { 200: done } } },
    async (request) => {
      await auth.requestPasswordReset(request.body);
      return answer(null, MESSAGES.resetCodeSent);
    },
  );

  app.post(
    '/api/change-password',
    { ...limited, schema: { body: changePasswordInput, response: { 200: done } } },
    async (request) => {
      await auth.changePassword(request.body);
      return answer(null, MESSAGES.passwordChanged);
    },
  );

  app.post(
    '/api/refresh-token',
    { ...limited, schema: { body: refreshTokenInput, response: { 200: answerOf(tokens) } } },
    async (request) => answer(await sessions.refresh(request.body.refreshToken)),
  );

  /** Ends the session named by the refresh token in the body, or else by the bearer token. */
  app.post('/api/logout', { ...limited, schema: { body: logoutInput, response: { 200: done } } }, async (request) => {
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
