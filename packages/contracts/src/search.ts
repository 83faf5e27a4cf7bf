/**
 * The header search (decision 051): one text across the account's collections, customers, links and transfers in
 * its active environment, answered grouped, at most SEARCH_GROUP_SIZE of each, newest first.
 */
import { z } from 'zod';
import { FIND_MESSAGES as M, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from './filters.ts';
import { LINK_KINDS } from './links.ts';
import { collectionRow, customerRow } from './payments-answers.ts';
import { transferRow } from './transfers.ts';

/** GET /api/search?q=: what the search box holds, trimmed (the trim rule), at least SEARCH_MIN_LENGTH characters. */
export const searchQuery = z.object({
  q: z
    .string({ error: M.searchTooShort })
    .max(SEARCH_MAX_LENGTH, M.searchTooLong)
    .trim()
    .min(SEARCH_MIN_LENGTH, M.searchTooShort)
    .describe("A phone however written, or part of a name, a link's title or ref, a transaction ID or the API's reference"),
});

/** A link found by the header search: enough to name it and open its page. */
export const searchLink = z.object({ ref: z.string(), kind: z.enum(LINK_KINDS), title: z.string() });

export const searchAnswer = z.object({
  collections: z.array(collectionRow),
  customers: z.array(customerRow),
  links: z.array(searchLink),
  transfers: z.array(transferRow),
});
export type SearchAnswer = z.output<typeof searchAnswer>;
