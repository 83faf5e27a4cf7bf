import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, OTP_LENGTH } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { TEXT_LIMITS as T } from './text-limits.ts';
import { emailField, requiredString } from './validation.ts';

/** A number, a special character, a capital letter and at least 8 characters. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= MIN_PASSWORD_LENGTH &&
    /[0-9]/.test(password) &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}

export const signUpInput = z.object({
  firstname: requiredString(MESSAGES.allFieldsRequired, T.firstName),
  lastname: requiredString(MESSAGES.allFieldsRequired, T.lastName),
  email: emailField(MESSAGES.allFieldsRequired, MESSAGES.invalidEmail),
  password: z
    .string({ error: MESSAGES.allFieldsRequired })
    .min(1, MESSAGES.allFieldsRequired)
    .max(200, MESSAGES.passwordWeak)
    .refine((value) => value === '' || isStrongPassword(value), MESSAGES.passwordWeak),
});
export type SignUpInput = z.infer<typeof signUpInput>;

/** The form adds the terms checkbox, which never reaches the server. */
export const signUpForm = signUpInput.extend({
  terms: z.boolean().refine((accepted) => accepted, MESSAGES.acceptTerms),
});

export const otpCode = z
  .string({ error: MESSAGES.otpRequired })
  .trim()
  .min(1, MESSAGES.otpRequired)
  .refine((value) => value === '' || new RegExp(`^\\d{${OTP_LENGTH}}$`).test(value), MESSAGES.codeFormat);

const emailOrPhone = requiredString(MESSAGES.emailRequired, { max: 254, tooLong: MESSAGES.invalidEmail });

export const emailOrPhoneInput = z.object({ email_or_phone: emailOrPhone });
export type EmailOrPhoneInput = z.infer<typeof emailOrPhoneInput>;

export const verifyAccountInput = z.object({ email_or_phone: emailOrPhone, code: otpCode });
export type VerifyAccountInput = z.infer<typeof verifyAccountInput>;

export const loginInput = z.object({
  emailOrPhone,
  password: z.string({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(200),
});
export type LoginInput = z.infer<typeof loginInput>;

export const loginOtpInput = z.object({ emailOrPhone, code: otpCode });
export type LoginOtpInput = z.infer<typeof loginOtpInput>;

export const changePasswordInput = z.object({
  email_or_phone: emailOrPhone,
  code: otpCode,
  password: z
    .string({ error: MESSAGES.resetPasswordWeak })
    .max(200, MESSAGES.resetPasswordWeak)
    .refine(isStrongPassword, MESSAGES.resetPasswordWeak),
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** Stage 3 of the reset form: the two passwords must match and be strong. */
export const newPasswordForm = z
  .object({ password: z.string(), confirmPassword: z.string() })
  .refine((v) => v.password !== '' && v.password === v.confirmPassword, {
    message: MESSAGES.passwordMismatch,
    path: ['confirmPassword'],
  })
  .refine((v) => isStrongPassword(v.password), {
    message: MESSAGES.resetPasswordWeak,
    path: ['password'],
  });

export const refreshTokenInput = z.object({
  refreshToken: z.string({ error: MESSAGES.refreshTokenInvalid }).min(1, MESSAGES.refreshTokenInvalid).max(500),
});

/** What POST /api/login answers in data: when the code was sent, for the countdown. */
export const loginCodeSent = z.object({
  email: z.string(),
  last_code_sent_at: z.string(),
  /** The member's verified phone, masked ('+256 7•• ••• 222'), when the code went there by SMS too (decision 070). */
  sms_to: z.string().nullable(),
});
export type LoginCodeSent = z.output<typeof loginCodeSent>;

/** POST /api/resend-account-verification-code: when the new code was sent. */
export const codeSent = z.object({ last_code_sent_at: z.string() });

/** POST /api/sign-up: the new user, and when their verification code was sent. */
export const signUpResult = z.object({
  user_id: z.string(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  last_code_sent_at: z.string(),
});
export type SignUpResult = z.output<typeof signUpResult>;

/** POST /api/refresh-token, and with the user POST /api/login-otp. */
export const tokens = z.object({ accessToken: z.string(), refreshToken: z.string() });
export type Tokens = z.output<typeof tokens>;

/**
 * POST /api/logout: ends the session of `refreshToken` when the body holds one as text; any other body (or none)
 * ends the bearer token's session instead, so a logout is never refused for its body (hence the catch).
 */
export const logoutInput = z.object({ refreshToken: z.unknown() }).catch({ refreshToken: undefined });
