// Where a one-time code went (decision 070): the e-mail always, and the member's verified phone for the sign-in and
// reset codes. Lean (no zod), as the sign-in page imports it.
import { OTP_LENGTH } from './constants.ts';

/**
 * A verified phone as a code screen names it, enough for its owner to know it and no more: '+256 7•• ••• 222' of
 * '+256772123222' (or '256772123222').
 */
export function maskedPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `+${digits.slice(0, 3)} ${digits.slice(3, 4)}•• ••• ${digits.slice(-3)}`;
}

/**
 * What the code screens say the code went by: the e-mail, and the SMS when the answer's `sms_to` names a phone. A
 * password reset's answer names no phone (it answers alike for every address, known or not), so its screen says when.
 */
export const CODE_SENT_TEXT = {
  byEmail: (email: string) => `We sent a ${OTP_LENGTH}-digit code to ${email}.`,
  byEmailAndSms: (email: string, phone: string) => `We sent a ${OTP_LENGTH}-digit code to ${email} and by SMS to ${phone}.`,
  alsoBySms: (phone: string) => `We also sent it by SMS to ${phone}.`,
  resetBySmsToo: 'If the account has a verified phone, the code went to it by SMS too.',
} as const;
