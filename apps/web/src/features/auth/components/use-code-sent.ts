import { OTP_LENGTH } from '@sente/contracts/constants';
import { MESSAGES } from '@sente/contracts/messages';
import { useState } from 'react';
import { notify } from '../../../lib/notify.ts';
import { session } from '../../../lib/session.ts';

/** The client-side check of a typed code: the message to show, or null when it may be sent. */
export function codeError(code: string): string | null {
  if (code.length === 0) return MESSAGES.otpRequired;
  return code.length < OTP_LENGTH ? MESSAGES.codeFormat : null;
}

/**
 * When the last code was sent, for the countdown; `resent` records a new one (the server's time, or
 * now) in browser storage, so a reload keeps the countdown, and says 'OTP Sent'.
 */
export function useCodeSentAt() {
  const [sentAt, setSentAt] = useState(session.lastCodeSentAt);
  const resent = (serverTime: string | null) => {
    session.setLastCodeSentAt(serverTime);
    setSentAt(session.lastCodeSentAt());
    notify.success(MESSAGES.otpSent);
  };
  return { sentAt, resent };
}
