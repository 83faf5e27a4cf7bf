// A phone the member proved (decision 070): its two routes' schemas, their messages, the texted codes, the profile's words.
import { z } from 'zod';
import { otpCode } from './auth.ts';
import { PRODUCT_NAME } from './constants.ts';

/** POST /api/user/phone/verify: the code texted to the profile's phone. */
export const verifyPhoneInput = z.object({ code: otpCode });
export type VerifyPhoneInput = z.infer<typeof verifyPhoneInput>;

/** POST /api/user/phone/send-code: when the code was texted, for the resend countdown. */
export const phoneCodeSent = z.object({ last_code_sent_at: z.string() });

export const PHONE_MESSAGES = {
  noPhone: 'Add your mobile number to your profile and save it before verifying it.',
  notUgandanMobile: 'We can only text a Ugandan mobile number (+2567...). Save one in your profile to verify it.',
  alreadyVerified: 'This phone is already verified.',
  codeSent: 'We sent a 6-digit code by SMS to your phone. It expires in 10 minutes.',
  notSent: 'We could not send the text just now. Try again in a minute.',
  verified: 'Your phone is verified.',
  phoneChanged: 'Your phone changed after this code was sent. Send a new code to the new number.',
} as const;

const expiry = 'It expires in 10 minutes. Never share it.';

/**
 * The texts of one-time codes, one GSM-7 message each (under 160 characters): the phone's own code, and the sign-in and
 * reset codes that go to a verified phone beside the e-mail.
 */
export const CODE_TEXTS = {
  verify_phone: (code: string) => `${PRODUCT_NAME} code ${code} to verify this phone. ${expiry}`,
  login: (code: string) => `${PRODUCT_NAME} sign-in code ${code}. ${expiry}`,
  password_reset: (code: string) => `${PRODUCT_NAME} password reset code ${code}. ${expiry}`,
  wallet_pin_reset: (code: string) => `${PRODUCT_NAME} wallet PIN reset code ${code}. ${expiry}`,
} as const;

/** The profile page's phone: its badge, its button and the modal that takes the texted code. */
export const PHONE_TEXT = {
  verified: 'Verified',
  verify: 'Verify phone',
  modalTitle: 'Verify your phone',
  modalIntro: 'Enter the 6-digit code we texted to',
  confirm: 'Verify',
  resend: 'Send a new code',
  resendIn: (seconds: number) => `You can ask for a new code in ${seconds} s`,
} as const;
