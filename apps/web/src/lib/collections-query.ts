import type { CollectionRow } from '@sente/contracts/payments';
import { type MoneyScope, useMoneyScope } from './money-scope.ts';
import { cursorListOptions, useCursorList } from './use-cursor-list.ts';

/**
 * The collections the dashboard, the Collections page and a link's live page all read, on one cache: keys from
 * generic to specific, so switching account or mode gives every list a fresh cache entry.
 */
export const collectionKeys = {
  all: ['collections'] as const,
  scope: ({ accountId, environment }: MoneyScope) => [...collectionKeys.all, accountId, environment] as const,
  lists: (scope: MoneyScope) => [...collectionKeys.scope(scope), 'list'] as const,
  /** The Collections page's list under a filter (its query string, '' for none): one cache entry per filter. */
  filtered: (scope: MoneyScope, query: string) => [...collectionKeys.lists(scope), 'filtered', query] as const,
  live: (scope: MoneyScope, ref: string) => [...collectionKeys.scope(scope), 'live', ref] as const,
  details: (scope: MoneyScope) => [...collectionKeys.scope(scope), 'detail'] as const,
  /** One payment opened, with its timeline. */
  detail: (scope: MoneyScope, id: string) => [...collectionKeys.details(scope), id] as const,
};

/** GET /api/collections?cursor=, newest first, in the account's active environment. */
export const collectionsQueryOptions = (scope: MoneyScope) =>
  cursorListOptions<CollectionRow>(collectionKeys.lists(scope), 'GET /api/collections');

export function useCollections() {
  return useCursorList(collectionsQueryOptions(useMoneyScope()));
}
