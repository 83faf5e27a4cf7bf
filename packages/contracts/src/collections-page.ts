// The collections list's answer, apart from payments-answers.ts, which the payer's page loads.
import { z } from 'zod';
import { CURRENCIES } from './constants.ts';
import { filteredPageOf } from './filters.ts';
import { collectionRow } from './payments-answers.ts';

/**
 * GET /api/collections (decision 057): a page of the filtered list, and on its first page what the filter's
 * successful payments brought in, less what refunds (pending or successful) took of them, per currency: `received`,
 * absent on a later page and when the filter matched more than it counts (`totalCapped`).
 */
export const collectionsPage = filteredPageOf(collectionRow).extend({
  received: z
    .array(z.object({ currency: z.enum(CURRENCIES), amount: z.number() }))
    .optional()
    .describe(
      "The filter's successful payments summed per currency, less their refunds; absent on later pages or past the count's cap",
    ),
});
export type CollectionsPage = z.output<typeof collectionsPage>;
