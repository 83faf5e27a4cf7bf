import type { TransferRow, WalletSummary } from '@sente/contracts/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type MoneyScope, useMoneyScope } from '../../../lib/money-scope.ts';
import { cursorListOptions, useCursorList } from '../../../lib/use-cursor-list.ts';

/** Transfers belong to one account and environment, like the balances they move: keys from generic to specific. */
export const settlementKeys = {
  all: ['settlements'] as const,
  scope: ({ accountId, environment }: MoneyScope) => [...settlementKeys.all, accountId, environment] as const,
  lists: (scope: MoneyScope) => [...settlementKeys.scope(scope), 'list'] as const,
  summary: (scope: MoneyScope) => [...settlementKeys.scope(scope), 'summary'] as const,
};

/** Spec §7 Lists: GET /api/settlements?cursor=, what the account sent and the wallet transfers it received. */
export const settlementsQueryOptions = (scope: MoneyScope) =>
  cursorListOptions<TransferRow>(settlementKeys.lists(scope), '/api/settlements');

export function useSettlements() {
  return useCursorList(settlementsQueryOptions(useMoneyScope()));
}

/** The charge of each way out and the balances, shown in the modal and at the PIN step. */
export const walletSummaryQueryOptions = (scope: MoneyScope) =>
  queryOptions({
    queryKey: settlementKeys.summary(scope),
    queryFn: async ({ signal }) => (await api<WalletSummary>('/api/wallet/charges', { signal })).data,
  });

export function useWalletSummary(enabled: boolean) {
  return useQuery({ ...walletSummaryQueryOptions(useMoneyScope()), enabled });
}
