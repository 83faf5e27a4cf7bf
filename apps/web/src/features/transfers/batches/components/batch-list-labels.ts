import type { BatchListItem } from '@sente/contracts/payout-batches';
import { batchOutcomeText } from '@sente/contracts/payout-batches-labels';

/** Who made a batch: the member, or the API key that proposed it. */
export const makerName = (batch: Pick<BatchListItem, 'maker' | 'source'>) =>
  batch.maker?.name ?? (batch.source === 'api' ? 'API' : '—');

/** The batch page's address. */
export const batchPath = (id: string) => `/settlements/batches/${encodeURIComponent(id)}`;

/** Paid and failed rows with their money, once any row has gone out (contracts batchOutcomeText). */
export const outcomeText = (batch: Pick<BatchListItem, 'counts' | 'paid_amount' | 'returned_amount'>) => batchOutcomeText(batch);
