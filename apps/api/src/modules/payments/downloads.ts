import { PAYMENT_MESSAGES as M } from '@sente/contracts/payments';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { hmac, safeEqual } from '../../lib/secrets.ts';
import type { FilesService } from '../files/service.ts';
import { findDownload } from './repository.ts';

/** A digital item's product behind a signed, expiring link: the one the page shows and the one the receipt mails. */
export function createDownloads(options: { db: Kysely<Database>; files: FilesService; downloadSecret: string }) {
  const { db, files } = options;
  const downloadKey = hmac(options.downloadSecret, 'sente:product-download:v1');
  const downloadSignature = (collectionId: string, expires: number) => hmac(downloadKey, `${collectionId}\n${expires}`);

  return {
    /** A signed link to the product; the page's lives DOWNLOAD_LINK_TTL_HOURS, the e-mail's DOWNLOAD_EMAIL_LINK_TTL_DAYS. */
    downloadLink(collectionId: string, ttlSeconds: number, now = new Date()) {
      const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
      return {
        url: `/api/public/payments/${collectionId}/download?expires=${expires}&signature=${downloadSignature(collectionId, expires)}`,
        expiresAt: new Date(expires * 1000),
      };
    },

    /** The product file of a paid digital item, for a buyer holding an unexpired signed link. */
    async download(id: string, query: { expires?: unknown; signature?: unknown }, now = new Date()) {
      const { expires, signature } = query;
      const valid =
        isUuid(id) &&
        typeof expires === 'string' &&
        /^\d{1,12}$/.test(expires) &&
        typeof signature === 'string' &&
        safeEqual(signature, downloadSignature(id, Number(expires)));
      if (!valid) throw notFound(M.paymentNotFound);
      if (Number(expires) * 1000 <= now.getTime()) throw new HttpError(403, M.downloadExpired);
      const row = await findDownload(db, id);
      if (row?.status !== 'successful' || row.kind !== 'digital_item' || !row.file) throw notFound(M.paymentNotFound);
      return files.openPrivate(row.file, row.account_id, 'products');
    },
  };
}

export type DownloadLink = ReturnType<typeof createDownloads>['downloadLink'];
