/** A profile phone in its one format (`+256772123456`) as SMS takes it (`256772123456`); null unless a Ugandan mobile. */
export function smsPhoneOf(phone: string | null): string | null {
  return phone && /^\+2567\d{8}$/.test(phone) ? phone.slice(1) : null;
}

/**
 * The phone a member's texts may go to (decision 070): a Ugandan mobile they proved with a texted code, as SMS takes
 * it; null for an unproved phone, so that no one is texted at our cost because a member typed their number.
 */
export function verifiedSmsPhoneOf(user: { phone: string | null; phone_verified_at: Date | string | null }): string | null {
  return user.phone_verified_at ? smsPhoneOf(user.phone) : null;
}

/**
 * A verified phone as a code screen names it, enough for its owner to know it and no more: '+256 7•• ••• 222' of
 * '+256772123222' (or '256772123222').
 */
export function maskedPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `+${digits.slice(0, 3)} ${digits.slice(3, 4)}•• ••• ${digits.slice(-3)}`;
}
