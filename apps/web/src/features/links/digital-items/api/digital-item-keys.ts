import type { MoneyScope } from '../../../../lib/money-scope.ts';

/**
 * Keys from generic to specific: every digital item, one account and environment's (collections totals differ per
 * environment, and switching either gives every list a fresh cache entry), their lists, one item.
 */
export const digitalItemKeys = {
  all: ['digital-items'] as const,
  scope: ({ accountId, environment }: MoneyScope) => [...digitalItemKeys.all, accountId, environment] as const,
  lists: (scope: MoneyScope) => [...digitalItemKeys.scope(scope), 'list'] as const,
  details: (scope: MoneyScope) => [...digitalItemKeys.scope(scope), 'detail'] as const,
  detail: (scope: MoneyScope, ref: string) => [...digitalItemKeys.details(scope), ref] as const,
};
