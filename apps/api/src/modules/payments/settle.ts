import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { queuePaymentAlert } from '../alerts/queue.ts';
import { recordCustomer } from '../customers/repository.ts';
import { queueWebhookEvent } from '../developers/deliveries-repository.ts';
import { postMovement } from '../money/ledger.ts';
import { collectionSettled } from '../money/movements.ts';
import type { PaymentOutcome } from '../money/outcomes.ts';
import { addToDailyTotals } from '../reports/repository.ts';
import type { DownloadLink } from './downloads.ts';
import { collectionEventData } from './public-object.ts';
import { receiptMail } from './receipt.ts';
import type { Receipts } from './receipts/service.ts';
import {
  addToLinkTotal,
  type CollectionRecord,
  completePending,
  findCollection,
  findCollectionLink,
  findReceiptLink,
} from './repository.ts';
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

/** A payment's outcome applied once, and the payer's receipt sent after it is committed. */
export function createSettlement(options: Options) {
  const { db, mailer, logger, downloadLink, receipts } = options;
  /** The receipts (e-mail and SMS) of settled payments being sent after the commit (receiptsSent waits for them). */
  const receiptsInFlight = new Set<Promise<unknown>>();

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
   * Applies a provider's report, exactly once however often and however concurrently it arrives: the status
   * moves from pending only once (the row lock makes a second report wait, then find it no longer pending), and
   * in the same transaction the wallet is credited less the fee, the customer recorded, the link total and the
   * reports' daily roll-up raised, the webhook event and the members' alerts queued. Answers the collection when this call applied it, undefined otherwise.
   */
  async function settle(collectionId: string, outcome: PaymentOutcome): Promise<CollectionRecord | undefined> {
    const applied = await db.transaction().execute(async (trx) => {
      const collection = await completePending(trx, collectionId, outcome);
      if (!collection) return undefined;
      await recordCollectionEvent(trx, {
        collectionId: collection.id,
        kind: collection.status === 'successful' ? 'settled' : 'failed',
        detail: collection.status_message,
        ok: collection.status === 'successful',
      });
      const amount = Number(collection.amount);
      if (collection.status === 'successful') {
        await postMovement(
          trx,
          collectionSettled(collection, {
            id: collection.id,
            accountId: collection.account_id,
            amount,
            fee: Number(collection.fee),
          }),
        );
        collection.customer_id = await recordCustomer(trx, collection);
        if (collection.link_id) await addToLinkTotal(trx, collection.link_id, collection.environment, amount);
        await addToDailyTotals(trx, collection);
        await queuePaymentAlert(trx, collection);
      }
      await queueWebhookEvent(trx, {
        accountId: collection.account_id,
        environment: collection.environment,
        collectionId: collection.id,
        type: collection.status === 'successful' ? 'collection.successful' : 'collection.failed',
        // A payment that settles now has no refunds yet.
        data: collectionEventData({
          ...collection,
          link: await findCollectionLink(trx, collection.link_id),
          amount_refunded: 0,
          amount_refund_pending: 0,
        }),
      });
      return collection;
    });
    if (applied) {
      const sending = Promise.all([
        sendReceipt(applied).catch((error) => logger.error({ err: error, collectionId }, 'recording a receipt failed')),
        receipts
          .sendSmsReceipt(applied)
          .catch((error) => logger.error({ err: error, collectionId }, 'recording an SMS receipt failed')),
      ]);
      receiptsInFlight.add(sending);
      void sending.finally(() => receiptsInFlight.delete(sending));
    } else if (outcome.status === 'successful') {
      await noteLateSuccess(collectionId);
    }
    return applied;
  }

  /**
   * A success reported for a payment already failed here (the payer cancelled it, or it expired) is not applied: the
   * merchant is never credited for it. A live provider that took the payer's money anyway must refund it, so it is
   * logged for reconciliation; in test mode it is the simulator losing the race with a cancel, and nothing was taken.
   */
  async function noteLateSuccess(collectionId: string) {
    const collection = await findCollection(db, collectionId);
    if (collection?.status !== 'failed') return;
    const log = collection.environment === 'production' ? logger.error.bind(logger) : logger.warn.bind(logger);
    log(
      { collectionId, environment: collection.environment, reason: collection.status_message },
      'success reported for a payment that had already failed; not applied',
    );
  }

  return {
    /** Waits for the receipts being sent: the demo dates each payment's timeline once its receipt step is written. */
    receiptsSent: () => Promise.all([...receiptsInFlight]).then(() => undefined),
    settle,
    sendReceipt,
  };
}

export type Settle = ReturnType<typeof createSettlement>['settle'];
