import type { MoneyScope } from '../../../lib/money-scope.ts';

/**
 * Transfers belong to one account and environment, like the balances they move: keys from generic to specific. Public
 * (index.ts) because a refund made in the payment drawer reads the wallet's lists again too.
 */
export const transferKeys = {
  all: ['transfers'] as const,
  scope: ({ accountId, environment }: MoneyScope) => [...transferKeys.all, accountId, environment] as const,
  lists: (scope: MoneyScope) => [...transferKeys.scope(scope), 'list'] as const,
  /** The list under a filter (its query string, '' for none): one cache entry per filter. */
  filtered: (scope: MoneyScope, query: string) => [...transferKeys.lists(scope), 'filtered', query] as const,
  summary: (scope: MoneyScope) => [...transferKeys.scope(scope), 'summary'] as const,
  /** The name registered behind a payout's number, as its provider gives it (masked). */
  mobileMoneyName: (phone: string) => [...transferKeys.all, 'mobile-money-name', phone] as const,
};
