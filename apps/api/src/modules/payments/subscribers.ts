import { formatMoney } from '@sente/contracts/format';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { queueWebhookEvent } from '../developers/deliveries-repository.ts';
import type { EventOf } from '../events/events.ts';
import { collectionEventData } from './public-object.ts';
import { toApiRefund } from './refunds/public-object.ts';
import { countRefundOutcome, countRefundPending, lockPayment } from './refunds/repository.ts';
import { addToLinkTotal, findCollectionLink } from './repository.ts';
import { recordCollectionEvent } from './timeline-repository.ts';

type Trx = Transaction<Database>;
type Settled = EventOf<'collection.settled'> | EventOf<'collection.failed'>;

/** The payment's timeline: its step `settled` or `failed`, with the provider's message. */
export async function timelineOfOutcome(trx: Trx, { collection }: Settled): Promise<void> {
  const ok = collection.status === 'successful';
  await recordCollectionEvent(trx, {
    collectionId: collection.id,
    kind: ok ? 'settled' : 'failed',
    detail: collection.status_message,
    ok,
  });
}

/**
 * Whether a settled payment has a receipt for its payer (payer-receipts.ts sends them from the outbox): by e-mail when
 * they gave an address, by SMS when they paid by mobile money to an account that sends SMS receipts.
 */
export const hasPayerReceipts = ({ collection, smsReceipts }: EventOf<'collection.settled'>): boolean =>
  Boolean(collection.email) || (collection.msisdn !== null && smsReceipts);

/** The link's running total of successful payments. */
export async function addToLinkTotals(trx: Trx, { collection }: EventOf<'collection.settled'>): Promise<void> {
  if (collection.link_id) await addToLinkTotal(trx, collection.link_id, collection.environment, Number(collection.amount));
}

/** collection.successful / collection.failed for the account's Payments URL; a payment that settles now has no refunds yet. */
export async function collectionWebhook(trx: Trx, { collection }: Settled): Promise<void> {
  await queueWebhookEvent(trx, {
    accountId: collection.account_id,
    environment: collection.environment,
    collectionId: collection.id,
    type: collection.status === 'successful' ? 'collection.successful' : 'collection.failed',
    data: collectionEventData({
      ...collection,
      link: await findCollectionLink(trx, collection.link_id),
      amount_refunded: 0,
      amount_refund_pending: 0,
    }),
  });
}

/**
 * A refund's amount held: counted pending on its payment and its customer (decision 073), under the payment's row lock
 * its request took before the hold.
 */
export async function refundPendingTotals(trx: Trx, { transfer: refund }: EventOf<'transfer.pending'>): Promise<void> {
  await countRefundPending(trx, refund.collection_id!, Number(refund.amount));
}

/** The payment's timeline: its step `refund_started`, with the amount held. */
export async function timelineOfRefundRequest(trx: Trx, { transfer: refund }: EventOf<'transfer.pending'>): Promise<void> {
  await recordCollectionEvent(trx, {
    collectionId: refund.collection_id!,
    kind: 'refund_started',
    detail: formatMoney(Number(refund.amount)),
    ok: null,
  });
}

/**
 * A refund's outcome on its payment, the payment locked first (as a refund's request locks it, before the wallet's) so
 * the refunds of one payment are completed one at a time: refund.successful or refund.failed with the /v1 refund object,
 * and the timeline's step.
 */
export async function refundOutcome(trx: Trx, { transfer: refund }: EventOf<'transfer.completed'>): Promise<void> {
  const collectionId = refund.collection_id!;
  const paid = refund.status === 'successful';
  await lockPayment(trx, collectionId);
  await queueWebhookEvent(trx, {
    accountId: refund.account_id,
    environment: refund.environment,
    type: paid ? 'refund.successful' : 'refund.failed',
    data: toApiRefund(refund),
    collectionId,
  });
  await recordCollectionEvent(trx, {
    collectionId,
    kind: paid ? 'refund_successful' : 'refund_failed',
    detail: paid ? formatMoney(Number(refund.amount)) : refund.failure_reason,
    ok: paid,
  });
}

/**
 * A refund's money moved: the payment's refunded amounts (paid, it is refunded; failed or declined, the money came back
 * and the payment is as it was, decision 073), after the wallet's lock, as settle takes the customer's and the roll-up's.
 */
export async function refundTotals(trx: Trx, { transfer: refund }: EventOf<'transfer.released'>): Promise<void> {
  await countRefundOutcome(trx, refund.collection_id!, Number(refund.amount), refund.status === 'successful');
}
