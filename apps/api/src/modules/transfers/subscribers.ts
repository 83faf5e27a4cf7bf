import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { EventOf } from '../events/events.ts';
import { queueBatchEvent } from './batches/events.ts';
import { batchRowFinished } from './batches/work.ts';
import { queueTransferEvent } from './transfer-events.ts';

type Trx = Transaction<Database>;

/** settlement.pending or payout.pending for the account's Payments URL (a batch's row is a payout, decision 066). */
export async function pendingTransferWebhook(trx: Trx, { transfer }: EventOf<'transfer.pending'>): Promise<void> {
  await queueTransferEvent(trx, transfer, { accountId: transfer.account_id, direction: 'out' });
}

/** settlement.* / payout.* for the account's Payments URL (a refund's event is the payments module's, refund.*). */
export async function completedTransferWebhook(trx: Trx, { transfer }: EventOf<'transfer.completed'>): Promise<void> {
  await queueTransferEvent(trx, transfer, { accountId: transfer.account_id, direction: 'out' });
}

/** A batch row's payout is done, its share of the hold moved: the row, the batch's counts, and its end (batches/work.ts). */
export async function batchRowOutcome(trx: Trx, { transfer, paid }: EventOf<'transfer.released'>): Promise<void> {
  await batchRowFinished(trx, transfer, paid);
}

/** payout_batch.<step> for the account's Payments URL. */
export async function batchWebhook(trx: Trx, { batchId, step }: EventOf<'batch.changed'>): Promise<void> {
  await queueBatchEvent(trx, batchId, step);
}
