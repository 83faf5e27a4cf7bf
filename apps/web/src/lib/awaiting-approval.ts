import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client.ts';
import { type MoneyScope, useMoneyScope } from './money-scope.ts';

/**
 * What waits for the member's approval (decision 071): one cache that the menu's count, the Overview's note and the
 * answers of transfers and batches share, per account and environment.
 */
export const awaitingApprovalKeys = {
  all: ['awaiting-approval'] as const,
  scope: ({ accountId, environment }: MoneyScope) => [...awaitingApprovalKeys.all, accountId, environment] as const,
};

export const awaitingApprovalQueryOptions = (scope: MoneyScope) =>
  queryOptions({
    queryKey: awaitingApprovalKeys.scope(scope),
    queryFn: async ({ signal }) => (await call('GET /api/transfers/awaiting-approval', { signal })).data,
  });

/** GET /api/transfers/awaiting-approval, asked only for a member who may approve (`enabled`). */
export function useAwaitingApproval(enabled: boolean) {
  const scope = useMoneyScope();
  return useQuery({ ...awaitingApprovalQueryOptions(scope), enabled: enabled && scope.accountId !== null });
}
