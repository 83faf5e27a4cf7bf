import type { BatchListItem } from '@sente/contracts/payout-batches';

/** Who made a batch: the member, or the API key that proposed it. */
export const makerName = (batch: Pick<BatchListItem, 'maker' | 'source'>) =>
  batch.maker?.name ?? (batch.source === 'api' ? 'API' : '—');

/** The batch page's address. */
export const batchPath = (id: string) => `/settlements/batches/${encodeURIComponent(id)}`;

/** Paid and failed rows in a few words, once any row has gone out. */
export function outcomeText({ counts }: Pick<BatchListItem, 'counts'>): string | null {
  if (counts.paid === 0 && counts.failed === 0) return null;
  return counts.failed > 0 ? `${counts.paid} paid, ${counts.failed} failed` : `${counts.paid} paid`;
}
