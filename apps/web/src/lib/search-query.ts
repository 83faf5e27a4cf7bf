import type { LinkKind } from '@sente/contracts/links';
import { queryOptions } from '@tanstack/react-query';
import { call } from './api-client.ts';
import type { MoneyScope } from './money-scope.ts';

/**
 * GET /api/search?q= (decision 051): the account's collections, customers, links and transfers in its environment that
 * match a text, at most five of each. The header search and the Collections page's Link filter both read it.
 */
export const searchKeys = {
  all: ['search'] as const,
  scope: ({ accountId, environment }: MoneyScope) => [...searchKeys.all, accountId, environment] as const,
  text: (scope: MoneyScope, text: string) => [...searchKeys.scope(scope), text] as const,
};

export const searchQueryOptions = (scope: MoneyScope, text: string) =>
  queryOptions({
    queryKey: searchKeys.text(scope, text),
    queryFn: async ({ signal }) => (await call('GET /api/search', { query: { q: text }, signal })).data,
  });

/** What each kind of link is called beside its title in a list of links of every kind. */
export const LINK_KIND_NAMES: Record<LinkKind, string> = {
  payment_link: 'Payment link',
  donation_link: 'Donation link',
  digital_item: 'Digital item',
};
