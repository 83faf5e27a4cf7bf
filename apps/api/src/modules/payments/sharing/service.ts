import type { BusinessDetails } from '@sente/contracts/accounts';
import { SHARING_MESSAGES as S } from '@sente/contracts/link-sharing';
import { PUBLIC_LINK_PATHS } from '@sente/contracts/links';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { Database } from '../../../db/database.ts';
import { notFound } from '../../../lib/http-error.ts';
import { isUnavailable, publicLinkOrThrow } from '../public-link.ts';
import type { PublicLinkRecord } from '../repository.ts';
import { findBusinessDetails } from './repository.ts';

/**
 * Medium error correction survives a crease or a smudge on a counter poster; a quiet zone of 4 modules is the
 * standard's (node-qrcode README, "Error correction level" and "margin").
 */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;
/** 10 pixels a module: sharp on a phone screen and still small (a short link is a version 3 code, 37 modules). */
const PNG_SCALE = 10;

export type PosterData = {
  link: PublicLinkRecord;
  shortUrl: string;
  svg: string;
  momoCode: string | null;
  airtelCode: string | null;
};

type Deps = {
  db: Kysely<Database>;
  publicUrl: string;
  /** The short link of one of this site's pages (short-links service), the same one each time. */
  shorten: (longUrl: string) => Promise<string>;
};

/** A link's QR code of its short link and its poster: only for a link whose pay page takes payments now. */
export function createLinkSharing({ db, publicUrl, shorten }: Deps) {
  async function payingLink(ref: string) {
    const link = await publicLinkOrThrow(db, ref);
    // Decision 076: a poster or a code printed now would send payers to a page that refuses them; the 404 says why.
    if (isUnavailable(link)) throw notFound(S.linkOff);
    const shortUrl = await shorten(`${publicUrl}${PUBLIC_LINK_PATHS[link.kind]}${encodeURIComponent(link.ref)}`);
    return { link, shortUrl };
  }

  const svgOf = (text: string) => QRCode.toString(text, { ...QR_OPTIONS, type: 'svg' });

  return {
    async qrPng(ref: string): Promise<Buffer> {
      const { shortUrl } = await payingLink(ref);
      return QRCode.toBuffer(shortUrl, { ...QR_OPTIONS, type: 'png', scale: PNG_SCALE });
    },

    async qrSvg(ref: string): Promise<string> {
      const { shortUrl } = await payingLink(ref);
      return svgOf(shortUrl);
    },

    async poster(ref: string): Promise<PosterData> {
      const { link, shortUrl } = await payingLink(ref);
      const details: Partial<BusinessDetails> = (await findBusinessDetails(db, link.account_id)) ?? {};
      return {
        link,
        shortUrl,
        svg: await svgOf(shortUrl),
        momoCode: details.momo_merchant_code ?? null,
        airtelCode: details.airtel_merchant_code ?? null,
      };
    },
  };
}

export type LinkSharing = ReturnType<typeof createLinkSharing>;
