import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import { type EmittedRow, emit } from '../events/events.ts';
import type { Outbox } from '../events/outbox.ts';
import { postMovement } from '../money/ledger.ts';
import { collectionSettled } from '../money/movements.ts';
import type { PaymentOutcome } from '../money/outcomes.ts';
import { type CollectionRecord, completePending, findCollection } from './repository.ts';

type Options = {
  db: Kysely<Database>;
  logger: Logger;
  /** Runs the payer's receipts, kept in the outbox by collection.settled, as soon as the payment commits. */
  outbox: Pick<Outbox, 'dispatch' | 'settled'>;
};

/** A payment's outcome applied once; the payer's receipts are sent from the outbox after it is committed (payer-receipts.ts). */
export function createSettlement({ db, logger, outbox }: Options) {
  /**
   * Applies a provider's report, exactly once however often and however concurrently it arrives: the status
   * moves from pending only once (the row lock makes a second report wait, then find it no longer pending), and
   * in the same transaction the wallet is credited less the fee and collection.settled (or collection.failed) is
   * emitted, whose subscribers record what follows (the timeline, the customer, the link's total, the reports'
   * roll-up, the members' alerts, the webhook event). Answers the collection when this call applied it, undefined
   * otherwise.
   */
  async function settle(collectionId: string, outcome: PaymentOutcome): Promise<CollectionRecord | undefined> {
    let outboxed: EmittedRow | undefined;
    const applied = await db.transaction().execute(async (trx) => {
      const settled = await completePending(trx, collectionId, outcome);
      if (!settled) return undefined;
      const { account_sms_receipts: smsReceipts, ...collection } = settled;
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
      outboxed = await emit(trx, { type: 'collection.settled', collection, smsReceipts: smsReceipts === true });
      return collection;
    });
    if (outboxed) outbox.dispatch(outboxed);
    if (!applied && outcome.status === 'successful') {
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
    receiptsSent: outbox.settled,
    settle,
  };
}

export type Settle = ReturnType<typeof createSettlement>['settle'];
