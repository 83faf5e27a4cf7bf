import type { TransferRow, WalletSummary } from '@sente/contracts/wallet';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, apiBlob, errorMessage } from '../../../lib/api-client.ts';
import { type MoneyScope, useMoneyScope } from '../../../lib/money-scope.ts';
import { notify } from '../../../lib/notify.ts';
import { saveFile } from '../../../lib/save-file.ts';
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

export const SETTLEMENTS_FILE_NAME = 'Settlements.xlsx';

/** GET /api/collections/smt_download: the transfers spreadsheet (spec §7). */
export function useDownloadSettlements() {
  return useMutation({
    mutationFn: () => apiBlob('/api/collections/smt_download'),
    onSuccess: (file) => saveFile(file, SETTLEMENTS_FILE_NAME),
    onError: (error) => notify.error(errorMessage(error)),
  });
}
