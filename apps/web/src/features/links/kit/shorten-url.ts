import { LINK_MESSAGES } from '@sente/contracts/messages';
import type { ShortenUrlAnswer } from '@sente/contracts/short-links';
import { queryOptions } from '@tanstack/react-query';
import { publicCall } from '../../../lib/api-client.ts';

/** The payment links page and the digital items page each call their own path; both do the same. */
export type ShortenKey = 'POST /api/payment-link/shorten_url' | 'POST /api/shorten_url';

/** Answers `status: 'SUCCESS'` with `short_url` beside the envelope (contracts api.ts). */
export const PAYMENT_LINK_SHORTEN_PATH: ShortenKey = 'POST /api/payment-link/shorten_url';

/** POST {long_url} without a token; resolves the short URL or fails with the spec's message. */
export async function shortenUrl(longUrl: string, path: ShortenKey = PAYMENT_LINK_SHORTEN_PATH): Promise<string> {
  // NOTE: this call breaks the envelope: its status is the spec's 'SUCCESS', not 'success'.
  const answer: Partial<ShortenUrlAnswer> = await publicCall(path, { long_url: longUrl });
  const shortUrl = answer.short_url ?? answer.data?.short_url;
  if (answer.status !== 'SUCCESS' || !shortUrl) throw new Error(LINK_MESSAGES.shortenFailed);
  return shortUrl;
}

/** The short links asked for in this session, by the long address (TkDodo's key factory, as every feature's). */
export const shortLinkKeys = {
  all: ['short-links'] as const,
  of: (longUrl: string) => [...shortLinkKeys.all, longUrl] as const,
};

/** A link's short link, asked for once a session: the same long address always shortens to the same short one. */
export const shortLinkQuery = (longUrl: string, path?: ShortenKey) =>
  queryOptions({
    queryKey: shortLinkKeys.of(longUrl),
    queryFn: () => shortenUrl(longUrl, path),
    staleTime: Number.POSITIVE_INFINITY,
  });
