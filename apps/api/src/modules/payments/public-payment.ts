import { PAYMENT_MESSAGES as M, type PublicPayment } from '@sente/contracts/payments';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { readApiKeys } from '../developers/api-keys.ts';
import { firstLateCheck } from '../money/providers/reconcile.ts';
import type { DownloadLink } from './downloads.ts';
import type { Receipts } from './receipts/service.ts';
import { signedRedirectUrl } from './redirect.ts';
import { type CollectionRecord, findCollection, findPaidLink } from './repository.ts';
import type { Settle } from './settle.ts';

type Options = {
  db: Kysely<Database>;
  logger: Logger;
  /** The accounts' encryption keys, which sign the redirect after a payment (docs/redirects.md). */
  secrets: Pick<Secrets, 'keysSecret' | 'keyLookupSecret'>;
  downloadTtlHours: number;
  downloadLink: DownloadLink;
  settle: Settle;
  receipts: Pick<Receipts, 'receiptUrl'>;
};

/** Whole seconds until a pending payment expires, never below 0. */
export const secondsLeft = (expiresAt: Date | string, now = Date.now()) =>
  Math.max(0, Math.ceil((new Date(expiresAt).getTime() - now) / 1000));

/** The payer's view of a payment while the pay page waits on it, and the payer's cancel. */
export function createPublicPayments(options: Options) {
  const { db, logger, downloadLink, settle } = options;

  /**
   * The merchant's URL with the payment's reference and status, signed with the account's own encryption key (made now
   * if the account has none yet). Undefined when the key was sealed under another APP_SECRET: an unsigned redirect
   * would look forged to the merchant's site, so the payer stays on the success screen until new keys are generated.
   */
  async function redirectFor(target: string, collection: CollectionRecord): Promise<string | undefined> {
    const keys = await readApiKeys(db, options.secrets, collection.account_id);
    if (!keys) {
      logger.error(
        { accountId: collection.account_id },
        'redirect not signed: the encryption key cannot be read; generate new keys',
      );
      return undefined;
    }
    const payment = {
      id: collection.id,
      transaction_id: collection.transaction_id,
      status: 'successful' as const,
      amount: Number(collection.amount),
      currency: collection.currency,
      reference: collection.reference,
    };
    return signedRedirectUrl(target, payment, keys.encryption_key);
  }

  async function toPublicPayment(collection: CollectionRecord): Promise<PublicPayment> {
    const answer: PublicPayment = {
      id: collection.id,
      status: collection.status,
      amount: Number(collection.amount),
      currency: collection.currency,
      channel: collection.channel,
      transaction_id: collection.transaction_id,
      environment: collection.environment,
    };
    if (collection.status_message) answer.message = collection.status_message;
    if (collection.status === 'pending') {
      answer.message = collection.channel === 'CARD' ? M.cardProcessing : M.awaitingApproval;
      answer.expires_in_seconds = secondsLeft(collection.expires_at);
    }
    if (collection.status === 'successful' && collection.link_id) {
      const link = await findPaidLink(db, collection.link_id);
      answer.message = M.paymentSuccessful;
      answer.paid_at = new Date(collection.completed_at ?? collection.updated_at).toISOString();
      answer.receipt_url = options.receipts.receiptUrl(collection.receipt_code);
      if (link?.redirect_url) {
        const redirect = await redirectFor(link.redirect_url, collection);
        if (redirect) answer.redirect_url = redirect;
      }
      if (link?.kind === 'digital_item' && link.file) {
        const download = downloadLink(collection.id, options.downloadTtlHours * 3600);
        answer.download_url = download.url;
        answer.download_expires_at = download.expiresAt.toISOString();
        if (collection.email) answer.download_emailed = true;
        if (link.buyer_note) answer.buyer_note = link.buyer_note;
      }
    }
    return answer;
  }

  return {
    async payment(id: string): Promise<PublicPayment> {
      const collection = isUuid(id) ? await findCollection(db, id) : undefined;
      if (!collection) throw notFound(M.paymentNotFound);
      return toPublicPayment(collection);
    },

    /**
     * The payer stops waiting (Cancel, or Use another number): a pending payment fails at once, through the same
     * settle as every outcome. Whichever of this and the provider's (or the simulator's) report takes the row first
     * wins and the other finds it no longer pending, so a cancelled payment never settles later and a payment that
     * succeeded first stays successful. Answers the payment as it now stands, whoever won.
     */
    async cancel(id: string): Promise<PublicPayment> {
      const collection = isUuid(id) ? await findCollection(db, id) : undefined;
      if (!collection) throw notFound(M.paymentNotFound);
      if (collection.status === 'pending') {
        await settle(id, { status: 'failed', message: M.cancelled, lateCheckAt: firstLateCheck(new Date()) });
      }
      const now = await findCollection(db, id);
      return toPublicPayment(now ?? collection);
    },
  };
}
