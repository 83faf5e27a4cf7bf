import type { MoneyScope } from '../../../../lib/money-scope.ts';

/**
 * Payout batches belong to one account and environment, like the wallet they pay from: keys from generic to specific.
 * A batch's rows sit under its detail key, so one invalidation of the batch reads its rows again too.
 */
export const batchKeys = {
  all: ['payout-batches'] as const,
  scope: ({ accountId, environment }: MoneyScope) => [...batchKeys.all, accountId, environment] as const,
  lists: (scope: MoneyScope) => [...batchKeys.scope(scope), 'list'] as const,
  detail: (scope: MoneyScope, id: string) => [...batchKeys.scope(scope), 'detail', id] as const,
  rows: (scope: MoneyScope, id: string) => [...batchKeys.detail(scope, id), 'rows'] as const,
  rowsShown: (scope: MoneyScope, id: string, show: string) => [...batchKeys.rows(scope, id), show] as const,
};
