// Where a one-time code went (decision 070): the e-mail always, and the member's verified phone for the sign-in and
// reset codes. It imports nothing, so that the small chunk it lands in pulls no other module onto a page (the pages'
// JS budgets, bench/js-budget.test.ts); its 6 is OTP_LENGTH.

/**
 * What the code screens say the code went by: the e-mail, and the SMS when the answer's `sms_to` names a phone. A
 * password reset's answer names no phone (it answers alike for every address, known or not), so its screen says when.
 */
export const CODE_SENT_TEXT = {
  byEmail: (email: string) => `We sent a 6-digit code to ${email}.`,
  byEmailAndSms: (email: string, phone: string) => `We sent a 6-digit code to ${email} and by SMS to ${phone}.`,
  resetBySmsToo: 'If the account has a verified phone, the code went to it by SMS too.',
} as const;
