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

/**
 * Digits, optionally grouped by thousands with commas ('250000', '250,000'), with a decimal part read only so that
 * '10.5' is refused as not whole rather than as not a number. Not '0x10', '1e5', '1,0,0,0' or '12-3'.
 */
const AMOUNT_TEXT = /^(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/;

/**
 * A money amount as the API takes it: a JSON number as given, or text of plain digits with optional thousands
 * separators (what the dashboard's money inputs send). Anything else reads as NaN, which every amount field
 * refuses; a fraction stays a fraction, which every amount field refuses as not whole.
 */
export function amountFrom(value: number | string): number {
  if (typeof value === 'number') return value;
  const text = value.trim();
  return AMOUNT_TEXT.test(text) ? Number(text.replace(/,/g, '')) : Number.NaN;
}
