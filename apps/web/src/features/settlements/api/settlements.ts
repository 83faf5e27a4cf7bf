import type { TransferRow, WalletSummary } from '@sente/contracts/wallet';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type MoneyScope, useMoneyScope } from '../../../lib/money-scope.ts';
import { useCursorList } from '../../../lib/use-cursor-list.ts';

/** Transfers belong to one account and environment, like the balances they move. */
export const settlementKeys = {
  all: ['settlements'] as const,
  list: ({ accountId, environment }: MoneyScope) => [...settlementKeys.all, accountId, environment, 'list'] as const,
  summary: ({ accountId, environment }: MoneyScope) => [...settlementKeys.all, accountId, environment, 'summary'] as const,
};

/** Spec §7 Lists: GET /api/settlements?cursor=, what the account sent and the wallet transfers it received. */
export function useSettlements() {
  return useCursorList<TransferRow>(settlementKeys.list(useMoneyScope()), '/api/settlements');
}

/** The charge of each way out and the balances, shown in the modal and at the PIN step. */
export function useWalletSummary(enabled: boolean) {
  return useQuery({
    queryKey: settlementKeys.summary(useMoneyScope()),
    queryFn: async ({ signal }) => (await api<WalletSummary>('/api/wallet/charges', { signal })).data,
    enabled,
  });
}
