import { MESSAGES } from '@sente/contracts/messages';
import { WALLET_MESSAGES as M } from '@sente/contracts/wallet';
import type { z } from 'zod';

export type PinFormField = 'old_pin' | 'code' | 'new_pin' | 'new_pin_confirmation';
export type PinFormErrors = Partial<Record<PinFormField, string>>;

/** The first message of each field a contract schema refuses, under that field. */
export function fieldErrors(error: z.ZodError): PinFormErrors {
  const errors: PinFormErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as PinFormField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Where a server refusal belongs: under the field it is about, or null for a toast (a lock, a wait, a failure). */
export function fieldOfServerMessage(message: string): PinFormField | null {
  if (message === M.pinInvalid) return 'old_pin';
  if (message === M.pinUnchanged) return 'new_pin';
  if (message === M.pinsDoNotMatch) return 'new_pin_confirmation';
  const codeMessages: string[] = [
    MESSAGES.codeWrong,
    MESSAGES.codeExpired,
    MESSAGES.codeTooManyAttempts,
    MESSAGES.codeFormat,
    MESSAGES.otpRequired,
  ];
  return codeMessages.includes(message) ? 'code' : null;
}
