import { hmac, safeEqual } from '../../lib/secrets.ts';

/** How long a link to a members-only file works. */
export const SIGNED_URL_TTL_SECONDS = 10 * 60;

/**
 * Links to members-only files (certificates): `/storage/<path>?expires=<unix seconds>&signature=<hmac>`.
 * The key is derived from the code pepper under its own label, so neither use can stand in for the other.
 */
export function createUrlSigner(pepper: string) {
  const key = hmac(pepper, 'sente:storage-url-signature:v1');
  const signatureOf = (storagePath: string, expires: number | string) => hmac(key, `${storagePath}\n${expires}`);

  return {
    sign(storagePath: string, now = new Date()): { url: string; expiresAt: Date } {
      const expires = Math.floor(now.getTime() / 1000) + SIGNED_URL_TTL_SECONDS;
      return {
        url: `/storage/${storagePath}?expires=${expires}&signature=${signatureOf(storagePath, expires)}`,
        expiresAt: new Date(expires * 1000),
      };
    },

    /** True for an unexpired signature of exactly this path and expiry. */
    verify(storagePath: string, expires: unknown, signature: unknown, now = new Date()): boolean {
      if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires) || typeof signature !== 'string') return false;
      if (Number(expires) * 1000 <= now.getTime()) return false;
      return safeEqual(signature, signatureOf(storagePath, expires));
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
