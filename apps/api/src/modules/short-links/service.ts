import { randomInt } from 'node:crypto';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { SHORT_CODE_LENGTH, SHORT_CODE_PATTERN, SHORT_LINK_MESSAGES } from '@sente/contracts/short-links';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { findCodeByUrl, findUrlByCode, insertIfFree } from './repository.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 62^7 codes make a collision rare; a few retries make it harmless. */
const MAX_ATTEMPTS = 5;

function newCode(): string {
  let code = '';
  for (let i = 0; i < SHORT_CODE_LENGTH; i++) code += BASE62[randomInt(BASE62.length)];
  return code;
}

type Deps = { db: Kysely<Database>; publicUrl: string };

export function createShortLinksService({ db, publicUrl }: Deps) {
  const siteOrigin = new URL(publicUrl).origin;
  const shortUrl = (code: string) => `${publicUrl}/s/${code}`;

  /** Only this site's own pages may be shortened, so a short link can never send anyone elsewhere. */
  function ownSiteUrl(longUrl: string): string {
    let url: URL;
    try {
      url = new URL(longUrl);
    } catch {
      throw badRequest(LINK_MESSAGES.shortenOnlyOwnSite);
    }
    if (url.origin !== siteOrigin || url.username || url.password) throw badRequest(LINK_MESSAGES.shortenOnlyOwnSite);
    return url.href;
  }

  return {
    /** The short URL of a page of this site; the same page always gets the same code. */
    async shorten(longUrl: string): Promise<string> {
      const href = ownSiteUrl(longUrl);
      const existing = await findCodeByUrl(db, href);
      if (existing) return shortUrl(existing);
      for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
        const code = newCode();
        if (await insertIfFree(db, code, href)) return shortUrl(code);
        // Either the code was taken (try another) or a concurrent call shortened the same URL (use its code).
        const winner = await findCodeByUrl(db, href);
        if (winner) return shortUrl(winner);
      }
      throw new Error(`No free short code after ${MAX_ATTEMPTS} attempts`);
    },

    async resolve(code: string): Promise<string> {
      const longUrl = SHORT_CODE_PATTERN.test(code) ? await findUrlByCode(db, code) : undefined;
      if (!longUrl) throw notFound(SHORT_LINK_MESSAGES.shortLinkNotFound);
      return longUrl;
    },
  };
}
