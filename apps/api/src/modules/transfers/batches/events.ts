import type { WebhookEventType } from '@sente/contracts/webhook-deliveries';
import type { Transaction } from 'kysely';
import type { Database } from '../../../db/database.ts';
import { queueWebhookEvent } from '../../developers/deliveries-repository.ts';
import { toApiPayoutBatch } from './public-object.ts';
import { batchById, rowCounts } from './repository.ts';

/** The steps of a batch a merchant's Payments URL hears of: `payout_batch.<step>`. */
export type BatchEventStep = {
  [T in WebhookEventType]: T extends `payout_batch.${infer Step}` ? Step : never;
}[WebhookEventType];

/**
 * Queues `payout_batch.<step>` with the batch as /v1 answers it (counts as they stand in `trx`), in the transaction of
 * the step, so the event exists exactly when the step commits; as transfer-events.ts does for a payout's.
 */
export async function queueBatchEvent(trx: Transaction<Database>, batchId: string, step: BatchEventStep): Promise<void> {
  const batch = await batchById(trx, batchId);
  await queueWebhookEvent(trx, {
    accountId: batch.account_id,
    environment: batch.environment,
    type: `payout_batch.${step}`,
    data: toApiPayoutBatch(batch, await rowCounts(trx, batch.id)),
  });
}
