import type { Transaction } from 'kysely';
import type { Database } from './db/database.ts';
import {
  queueApprovalAlert,
  queueLowBalanceAlerts,
  queuePaymentAlert,
  queuePayoutFailedAlert,
  queueRefundDoneAlert,
} from './modules/alerts/queue.ts';
import { recordCustomer } from './modules/customers/repository.ts';
import type { EventOf, Registry } from './modules/events/events.ts';
import type { OutboxSubscribers } from './modules/events/outbox.ts';
import {
  addToLinkTotals,
  collectionWebhook,
  hasPayerReceipts,
  refundOutcome,
  refundPendingTotals,
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

type Trx = Transaction<Database>;

/**
 * Who hears each domain event (decision 082), the one place a subscriber is added. `inTransaction`: run in the
 * transaction that emitted the event, in the order listed, so what they write (a timeline step, a total, a count, a
 * webhook event or a member's alert, the last two sent by the worker) commits exactly when the state does. `outbox`: the
 * events also kept in the outbox for a subscriber outside the database (outboxSubscribers, below), and when.
 */
/** The merchant's alert of a payout (a batch row's too) returned to the wallet. */
const payoutFailedAlert = async (trx: Trx, { transfer, paid }: EventOf<'transfer.released'>) => {
  if (!paid) await queuePayoutFailedAlert(trx, transfer);
};

/** The merchant's alert of a refund paid to its payer. */
const refundDoneAlert = async (trx: Trx, { transfer, paid }: EventOf<'transfer.released'>) => {
  if (paid) await queueRefundDoneAlert(trx, transfer);
};

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
    // A movement out's events have their subscribers for each kind (money/disbursements.ts's OUT_KINDS): what follows
    // its request, its completion and its money's release.
    'transfer.pending': {
      settlement: [pendingTransferWebhook],
      payout: [pendingTransferWebhook],
      refund: [refundPendingTotals, timelineOfRefundRequest],
      batch_payout: [pendingTransferWebhook],
    },
    'transfer.completed': {
      settlement: [completedTransferWebhook],
      payout: [completedTransferWebhook],
      refund: [refundOutcome],
      batch_payout: [completedTransferWebhook],
    },
    'transfer.released': {
      settlement: [],
      payout: [payoutFailedAlert],
      refund: [refundTotals, refundDoneAlert],
      batch_payout: [batchRowOutcome, payoutFailedAlert],
    },
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
