import type { MoneyScope } from '../../../lib/money-scope.ts';

/** Keys from generic to specific, so switching account or mode gives every list a fresh cache entry. */
export const collectionKeys = {
  all: ['collections'] as const,
  scope: ({ accountId, environment }: MoneyScope) => [...collectionKeys.all, accountId, environment] as const,
  list: (scope: MoneyScope) => [...collectionKeys.scope(scope), 'list'] as const,
  live: (scope: MoneyScope, ref: string) => [...collectionKeys.scope(scope), 'live', ref] as const,
};
