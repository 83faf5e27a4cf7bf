import { z } from 'zod';
import { answerOf } from './api.ts';

/** Short codes: 7 characters of base62, the link is {site}/s/{code}. */
export const SHORT_CODE_LENGTH = 7;
export const SHORT_CODE_PATTERN = /^[0-9A-Za-z]{7}$/;

export const SHORT_LINK_MESSAGES = {
  longUrlMissing: 'Enter the link to shorten',
  longUrlTooLong: 'This link is too long to shorten',
  shortLinkNotFound: 'This short link does not exist. Check the link you were sent.',
} as const;

/** POST /api/payment-link/shorten_url and POST /api/shorten_url, no token. */
export const shortenUrlInput = z.object({
  long_url: z
    .string({ error: SHORT_LINK_MESSAGES.longUrlMissing })
    .max(2000, SHORT_LINK_MESSAGES.longUrlTooLong)
    .trim()
    .min(1, SHORT_LINK_MESSAGES.longUrlMissing),
});

/** The spec's own answer (`status: 'SUCCESS'`, `short_url`), with the short URL also under data as the envelope has it. */
export const shortenUrlAnswer = answerOf(z.object({ short_url: z.string() })).extend({
  status: z.literal('SUCCESS'),
  short_url: z.string(),
});
export type ShortenUrlAnswer = z.output<typeof shortenUrlAnswer>;

/** GET /s/{code}. */
export const shortCodeParams = z.object({ code: z.string() });
