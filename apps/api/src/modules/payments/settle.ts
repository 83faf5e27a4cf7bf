import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { emit } from '../events/events.ts';
import { postMovement } from '../money/ledger.ts';
import { collectionSettled } from '../money/movements.ts';
import type { PaymentOutcome } from '../money/outcomes.ts';
import type { DownloadLink } from './downloads.ts';
import { receiptMail } from './receipt.ts';
import type { Receipts } from './receipts/service.ts';
import { type CollectionRecord, completePending, findCollection, findReceiptLink } from './repository.ts';
import { receiptOutcome, recordCollectionEvent } from './timeline.ts';

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
   * in the same transaction the wallet is credited less the fee and collection.settled (or collection.failed) is
   * emitted, whose subscribers record what follows (the timeline, the customer, the link's total, the reports'
   * roll-up, the members' alerts, the webhook event). Answers the collection when this call applied it, undefined
   * otherwise.
   */
  async function settle(collectionId: string, outcome: PaymentOutcome): Promise<CollectionRecord | undefined> {
    const applied = await db.transaction().execute(async (trx) => {
      const collection = await completePending(trx, collectionId, outcome);
      if (!collection) return undefined;
      if (collection.status !== 'successful') {
        await emit(trx, { type: 'collection.failed', collection });
        return collection;
      }
      await postMovement(
        trx,
        collectionSettled(collection, {
          id: collection.id,
          accountId: collection.account_id,
          amount: Number(collection.amount),
          fee: Number(collection.fee),
        }),
      );
      await emit(trx, { type: 'collection.settled', collection });
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
