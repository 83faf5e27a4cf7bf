import { loginResult } from '../accounts.ts';
import { answerOf } from '../api.ts';
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
} from '../auth.ts';
import { done, type RouteSchemas } from './shared.ts';

/** Sign-up and sign-in. */
export const authRoutes = {
  'POST /api/sign-up': { body: signUpInput, response: { 201: answerOf(signUpResult) } },
  'POST /api/resend-account-verification-code': { body: emailOrPhoneInput, response: { 200: answerOf(codeSent) } },
  'POST /api/verify-account': { body: verifyAccountInput, response: { 200: done } },
  'POST /api/login': { body: loginInput, response: { 200: answerOf(loginCodeSent) } },
  'POST /api/login-otp': { body: loginOtpInput, response: { 200: answerOf(loginResult) } },
  'POST /api/password-reset-code': { body: emailOrPhoneInput, response: { 200: done } },
  'POST /api/change-password': { body: changePasswordInput, response: { 200: done } },
  'POST /api/refresh-token': { body: refreshTokenInput, response: { 200: answerOf(tokens) } },
  'POST /api/logout': { body: logoutInput, response: { 200: done } },
} as const satisfies Record<string, RouteSchemas>;
