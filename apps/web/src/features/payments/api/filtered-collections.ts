import type { CollectionsPage } from '@sente/contracts/collections-page';
import type { CollectionRow } from '@sente/contracts/payments';
import { keepPreviousData } from '@tanstack/react-query';
import { collectionKeys } from '../../../lib/collections-query.ts';
import { type MoneyScope, useMoneyScope } from '../../../lib/money-scope.ts';
import { cursorListOptions, useCursorList } from '../../../lib/use-cursor-list.ts';

/** The URL's filter keys of the Collections page, as GET /api/collections reads them (decision 051). */
export const COLLECTION_FILTER_KEYS = ['status', 'channel', 'link', 'from', 'to', 'q'] as const;

/**
 * GET /api/collections?status=&channel=&link=&from=&to=&q=, cursor-paged, with `totalItems` for the filter. While a
 * new filter loads, the list of the one before stays on the screen.
 */
export const filteredCollectionsQueryOptions = (scope: MoneyScope, query: string) => ({
  ...cursorListOptions<CollectionRow>(collectionKeys.filtered(scope, query), 'GET /api/collections', query),
  placeholderData: keepPreviousData,
});

export function useFilteredCollections(query: string) {
  const list = useCursorList(filteredCollectionsQueryOptions(useMoneyScope(), query));
  return { ...list, received: (list.firstPage as CollectionsPage | undefined)?.received };
}
