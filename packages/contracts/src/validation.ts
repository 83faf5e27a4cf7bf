import { z } from 'zod';
import type { TextLimit } from './text-limits.ts';

/**
 * The one rule for text, in every schema of the app and the API (docs/api.md, "Text values"): a limit on length
 * counts the value as it was sent, every character; then the white space at its ends is removed, and whether it was
 * given, and its format, are checked on what is left, which is what is stored. So '   ' is missing, and 101 characters
 * are too long for a limit of 100 even when some of them are spaces. In a schema, `.max()` comes before `.trim()`.
 */
export function requiredString(message: string, limit?: TextLimit) {
  const text = z.string({ error: message });
  return (limit === undefined ? text : text.max(limit.max, limit.tooLong)).trim().min(1, message);
}

/** Optional text with a limit: absent, null and blank all mean none (null), as a form's empty field sends ''. */
export function optionalString(limit: TextLimit) {
  return z
    .string()
    .max(limit.max, limit.tooLong)
    .trim()
    .nullish()
    .transform((value) => value || null);
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function emailField(missing: string, invalid: string) {
  return requiredString(missing, { max: 254, tooLong: invalid })
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
