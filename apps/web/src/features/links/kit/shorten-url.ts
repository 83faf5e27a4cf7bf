import { LINK_MESSAGES } from '@sente/contracts/messages';
import type { ShortenUrlAnswer } from '@sente/contracts/short-links';
import { publicCall } from '../../../lib/api-client.ts';

/** Spec §7: the payment links page and the digital items page each call their own path; both do the same. */
export type ShortenKey = 'POST /api/payment-link/shorten_url' | 'POST /api/shorten_url';

/** Spec §7: answers `status: 'SUCCESS'` with `short_url` beside the envelope (DESIGN §3). */
export const PAYMENT_LINK_SHORTEN_PATH: ShortenKey = 'POST /api/payment-link/shorten_url';

/** POST {long_url} without a token; resolves the short URL or fails with the spec's message. */
export async function shortenUrl(longUrl: string, path: ShortenKey = PAYMENT_LINK_SHORTEN_PATH): Promise<string> {
  // NOTE: this call breaks the envelope: its status is the spec's 'SUCCESS', not 'success'.
  const answer: Partial<ShortenUrlAnswer> = await publicCall(path, { long_url: longUrl });
  const shortUrl = answer.short_url ?? answer.data?.short_url;
  if (answer.status !== 'SUCCESS' || !shortUrl) throw new Error(LINK_MESSAGES.shortenFailed);
  return shortUrl;
}
