import {
  queueApprovalAlert,
  queueLowBalanceAlerts,
  queuePaymentAlert,
  queuePayoutFailedAlert,
  queueRefundDoneAlert,
} from './modules/alerts/queue.ts';
import { recordCustomer } from './modules/customers/repository.ts';
import type { Registry } from './modules/events/events.ts';
import type { OutboxSubscribers } from './modules/events/outbox.ts';
import {
  addToLinkTotals,
  collectionWebhook,
  hasPayerReceipts,
  refundOutcome,
  refundTotals,
  timelineOfOutcome,
  timelineOfRefundRequest,
} from './modules/payments/subscribers.ts';
import { addToDailyTotals } from './modules/reports/repository.ts';
import {
  batchRowOutcome,
  batchWebhook,
  completedTransferWebhook,
  pendingTransferWebhook,
} from './modules/transfers/subscribers.ts';

/**
 * Who hears each domain event (decision 082), the one place a subscriber is added. `inTransaction`: run in the
 * transaction that emitted the event, in the order listed, so what they write (a timeline step, a total, a count, a
 * webhook event or a member's alert, the last two sent by the worker) commits exactly when the state does. `outbox`: the
 * events also kept in the outbox for a subscriber outside the database (outboxSubscribers, below), and when.
 */
export const SUBSCRIBERS: Registry = {
  inTransaction: {
    'collection.settled': [
      timelineOfOutcome,
      // The settled record carries its customer, as its row now does.
      async (trx, { collection }) => {
        collection.customer_id = await recordCustomer(trx, collection);
      },
      addToLinkTotals,
      (trx, { collection }) => addToDailyTotals(trx, collection),
      (trx, { collection }) => queuePaymentAlert(trx, collection),
      collectionWebhook,
    ],
    'collection.failed': [timelineOfOutcome, collectionWebhook],
    'refund.requested': [timelineOfRefundRequest],
    'transfer.pending': [pendingTransferWebhook],
    'transfer.completed': [refundOutcome, completedTransferWebhook],
    'transfer.released': [
      refundTotals,
      batchRowOutcome,
      async (trx, { transfer, paid }) => {
        if (transfer.kind === 'refund' && paid) await queueRefundDoneAlert(trx, transfer);
        if ((transfer.kind === 'payout' || transfer.kind === 'batch_payout') && !paid)
          await queuePayoutFailedAlert(trx, transfer);
      },
    ],
    'batch.changed': [batchWebhook],
    'approval.requested': [
      async (trx, request) => {
        await queueApprovalAlert(trx, request);
      },
    ],
    'balance.changed': [(trx, { ledgerTransactionId }) => queueLowBalanceAlerts(trx, ledgerTransactionId)],
  },
  outbox: {
    'collection.settled': { subjectOf: ({ collection }) => collection.id, when: hasPayerReceipts },
    'transfer.completed': {
      subjectOf: ({ transfer }) => transfer.id,
      when: ({ transfer, paid }) => transfer.kind === 'refund' && paid,
    },
  },
};

/** What this process does with each event of the outbox: it has the mailer and the SMS gateway. */
export function outboxSubscribers(deps: {
  /** A settled payment's receipts to its payer (payments/payer-receipts.ts). */
  paymentReceipts: (collectionId: string) => Promise<void>;
  /** A paid refund's receipts to its payer (payments/refunds/refund-receipts.ts). */
  refundReceipts: (refundId: string) => Promise<void>;
}): OutboxSubscribers {
  return {
    'collection.settled': [({ subjectId }) => deps.paymentReceipts(subjectId)],
    'transfer.completed': [({ subjectId }) => deps.refundReceipts(subjectId)],
  };
}
