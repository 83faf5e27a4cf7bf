import type { TransferRow } from '@sente/contracts/transfers';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { type MoneyScope, useMoneyScope } from '../../../lib/money-scope.ts';
import { cursorListOptions, useCursorList } from '../../../lib/use-cursor-list.ts';
import { transferKeys } from './transfer-keys.ts';

/** The URL's filter keys of the Transfers page, as GET /api/settlements reads them (decision 051). */
export const TRANSFER_FILTER_KEYS = ['status', 'kind', 'from', 'to'] as const;

/**
 * GET /api/settlements?cursor=, what the account sent and the wallet transfers it received; decision 051:
 * narrowed by status, kind and Kampala days. While a new filter loads, the list of the one before stays.
 */
export const settlementsQueryOptions = (scope: MoneyScope, query: string) => ({
  ...cursorListOptions<TransferRow>(transferKeys.filtered(scope, query), 'GET /api/settlements', query),
  placeholderData: keepPreviousData,
});

export function useSettlements(query: string) {
  return useCursorList(settlementsQueryOptions(useMoneyScope(), query));
}

/** The charge of each way out and the balances, shown in the modal and at the PIN step. */
export const walletSummaryQueryOptions = (scope: MoneyScope) =>
  queryOptions({
    queryKey: transferKeys.summary(scope),
    queryFn: async ({ signal }) => (await call('GET /api/wallet/charges', { signal })).data,
  });

export function useWalletSummary(enabled: boolean) {
  return useQuery({ ...walletSummaryQueryOptions(useMoneyScope()), enabled });
}

/**
 * The pending transfers (first page), where those awaiting a second member's approval are found (decision 067);
 * the same cache entry as the list filtered by Pending.
 */
export function usePendingTransfers(enabled: boolean) {
  return useCursorList({ ...settlementsQueryOptions(useMoneyScope(), 'status=pending'), enabled });
}
