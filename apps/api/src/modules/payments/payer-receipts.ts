import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { DownloadLink } from './downloads.ts';
import { receiptMail } from './receipt.ts';
import type { Receipts } from './receipts/service.ts';
import { type CollectionRecord, findCollection, findReceiptLink } from './repository.ts';
import { receiptOutcome, recordCollectionEvent } from './timeline-repository.ts';

type Options = {
  db: Kysely<Database>;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  /** The receipt's download link lives longer: the buyer may open the e-mail days after closing the page (decision 035). */
  emailedDownloadTtlDays: number;
  downloadLink: DownloadLink;
  receipts: Receipts;
};

/** The payer's receipts of a settled payment: by e-mail (also resent from the dashboard) and by SMS. */
export function createPayerReceipts(options: Options) {
  const { db, mailer, logger, downloadLink, receipts } = options;

  /**
   * Sends the receipt after the outcome is committed, and records it on the payment's timeline (as the step `claimed`
   * when the dashboard's resend recorded it before sending); a mail failure is logged and recorded, never undoes the
   * payment. Answers whether the mail went.
   */
  async function sendReceipt(collection: CollectionRecord, claimed?: string) {
    if (!collection.email || collection.status !== 'successful') return false;
    let sent = true;
    try {
      const link = collection.link_id ? await findReceiptLink(db, collection.link_id) : undefined;
      const download =
        link?.kind === 'digital_item' && link.file ? downloadLink(collection.id, options.emailedDownloadTtlDays * 86_400) : null;
      await mailer.send(
        receiptMail({
          to: collection.email,
          merchant: link?.account_name ?? 'the merchant',
          title: link?.title ?? 'Payment',
          collection,
          downloadUrl: download ? `${options.publicUrl}${download.url}` : null,
          downloadExpiresAt: download?.expiresAt ?? null,
          buyerNote: link?.buyer_note ?? null,
          receiptUrl: receipts.receiptUrl(collection.receipt_code),
        }),
      );
    } catch (error) {
      logger.error({ err: error, collectionId: collection.id }, 'receipt e-mail failed');
      sent = false;
    }
    if (claimed) await receiptOutcome(db, claimed, sent);
    else
      await recordCollectionEvent(db, { collectionId: collection.id, kind: 'receipt_sent', detail: collection.email, ok: sent });
    return sent;
  }

  /**
   * collection.settled's subscriber in the outbox: the payer's receipts of a settled payment, by e-mail and by SMS. A
   * failure of either is logged and recorded on the timeline, never undoes the payment, and is not tried again.
   */
  async function sendReceipts(collectionId: string): Promise<void> {
    const collection = await findCollection(db, collectionId);
    if (!collection) return;
    await Promise.all([
      sendReceipt(collection).catch((error) => logger.error({ err: error, collectionId }, 'recording a receipt failed')),
      receipts
        .sendSmsReceipt(collection)
        .catch((error) => logger.error({ err: error, collectionId }, 'recording an SMS receipt failed')),
    ]);
  }

  return { sendReceipt, sendReceipts };
}
