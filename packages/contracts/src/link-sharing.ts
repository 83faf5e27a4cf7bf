import { z } from 'zod';

/**
 * A link's QR code, poster and share texts (docs/features.md#collection-links): the QR code holds the link's short link,
 * the poster adds the merchant's mobile-money merchant codes as the USSD way to pay, which payers here use far more than
 * QR codes.
 */
export const POSTER_SIZES = ['a4', 'a5'] as const;
export type PosterSize = (typeof POSTER_SIZES)[number];

export const SHARING_MESSAGES = {
  posterSizeInvalid: 'Choose the poster size a4 or a5',
  scanToPay: 'Scan to pay',
  scanToGive: 'Scan to give',
  /** A disabled payment link or a hidden item: its poster, its QR code routes, and the reason the dashboard gives. */
  linkOff: 'This link is not taking payments, so it has no QR code or poster. Turn it on again in the dashboard to share it.',
  qrOff: (title: string) => `QR code for ${title}: not available while the link is disabled`,
  qrOffReason: 'Enable the link to get its QR code and poster',
  orOpen: 'or open',
  printHint: "Print this page with the browser's Print (Ctrl+P; on a phone, Share then Print).",
  /**
   * MTN Uganda's MoMo Pay: the payer dials *165*3#, enters the merchant code, the amount and the PIN (Daily Monitor,
   * "Merchant codes are here to stay, businesses must keep up", an interview with MTN's digital payments manager).
   */
  payWithMomo: (code: string) => `Pay with MTN MoMo: dial *165*3# and enter merchant code ${code}`,
  /** Airtel Money's menu is *185# (Airtel Uganda); the merchant-payment entry's place in it varies, so it is not named. */
  payWithAirtel: (code: string) => `Pay with Airtel Money: dial *185#, choose to pay a merchant and enter merchant code ${code}`,
  qrTitle: (title: string) => `QR code for ${title}`,
  downloadPng: 'Download PNG',
  printPoster: 'Print poster',
  shareWhatsApp: 'Share to WhatsApp',
  share: 'Share',
  copyLink: 'Copy link',
  shortLinkFailed: 'The short link could not be made; try again in a moment.',
} as const;

/** GET /posters/:ref?size=a4|a5: A4 unless asked otherwise. */
export const posterQuery = z.object({
  size: z.enum(POSTER_SIZES, { error: SHARING_MESSAGES.posterSizeInvalid }).default('a4'),
});

/** The text a share carries: the link's title and its short link. */
export const shareText = (title: string, shortUrl: string) => `${title}\n${shortUrl}`;

/** WhatsApp's click-to-chat share without a number (faq.whatsapp.com, "How to use click to chat"): `wa.me/?text=`. */
export const whatsappShareUrl = (title: string, shortUrl: string) =>
  `https://wa.me/?text=${encodeURIComponent(shareText(title, shortUrl))}`;
