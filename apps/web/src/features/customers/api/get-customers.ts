import type { CustomerRow } from '@sente/contracts/payments';
import { keepPreviousData } from '@tanstack/react-query';
import { type MoneyScope, useMoneyScope } from '../../../lib/money-scope.ts';
import { cursorListOptions, useCursorList } from '../../../lib/use-cursor-list.ts';

/** Customers are kept per account and environment, like the collections they made: keys from generic to specific. */
export const customerKeys = {
  all: ['customers'] as const,
  scope: ({ accountId, environment }: MoneyScope) => [...customerKeys.all, accountId, environment] as const,
  lists: (scope: MoneyScope) => [...customerKeys.scope(scope), 'list'] as const,
  /** One search's list: `q=atim`, or '' for all. */
  found: (scope: MoneyScope, query: string) => [...customerKeys.lists(scope), query] as const,
};

/** The URL's filter key of the Customers page, as GET /api/customers reads it. */
export const CUSTOMER_FILTER_KEYS = ['q'] as const;

/**
 * GET /api/customers?q=&cursor=, in the account's active environment. While a new search loads, the
 * list of the one before stays on the screen.
 */
export const customersQueryOptions = (scope: MoneyScope, query = '') => ({
  ...cursorListOptions<CustomerRow>(customerKeys.found(scope, query), 'GET /api/customers', query),
  placeholderData: keepPreviousData,
});

export function useCustomers(query: string) {
  return useCursorList(customersQueryOptions(useMoneyScope(), query));
}
