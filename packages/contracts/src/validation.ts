import { z } from 'zod';

/** A string that must be present and non-blank, with one message for both cases. */
export function requiredString(message: string) {
  return z.string({ error: message }).trim().min(1, message);
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function emailField(missing: string, invalid: string) {
  return requiredString(missing)
    .max(254, invalid)
    .refine((email) => email === '' || EMAIL_PATTERN.test(email), invalid)
    .transform((email) => email.toLowerCase());
}

/** Every message of a failed parse, in field order, without repeats. */
export function issueMessages(error: z.ZodError): string[] {
  return [...new Set(error.issues.map((issue) => issue.message))];
}
