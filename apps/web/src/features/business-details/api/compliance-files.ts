import type { SaveComplianceFilesInput } from '@sente/contracts/accounts';
import { BUSINESS_MESSAGES } from '@sente/contracts/messages';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountErrorMessage } from '../../../lib/account-error.ts';
import { call } from '../../../lib/api-client.ts';
import { useMoneyScope } from '../../../lib/money-scope.ts';
import { notify } from '../../../lib/notify.ts';
import { businessKeys, LINK_REFRESH_MS } from './business-keys.ts';

/** GET /api/sente-account/sente-files: the account's documents, each with a members-only link. */
export const complianceFilesQueryOptions = (accountId: string | null) =>
  queryOptions({
    queryKey: businessKeys.files(accountId),
    queryFn: async ({ signal }) => (await call('GET /api/sente-account/sente-files', { signal })).data,
    refetchInterval: LINK_REFRESH_MS,
  });

export const useComplianceFiles = () => useQuery(complianceFilesQueryOptions(useMoneyScope().accountId));

export function useSaveComplianceFiles() {
  const queryClient = useQueryClient();
  const { queryKey } = complianceFilesQueryOptions(useMoneyScope().accountId);
  return useMutation({
    mutationFn: (input: SaveComplianceFilesInput) => call('POST /api/sente-account/save-sente-files', { body: input }),
    onSuccess: (response) => {
      // The answer is the whole list with fresh links.
      queryClient.setQueryData(queryKey, response.data);
      notify.success(BUSINESS_MESSAGES.filesUpdated);
    },
    onError: (error) => notify.error(accountErrorMessage(error)),
  });
}

/** POST /api/sente-account/remove-sente-file/{id}: answers the list left, with fresh links. */
export function useRemoveComplianceFile() {
  const queryClient = useQueryClient();
  const { queryKey } = complianceFilesQueryOptions(useMoneyScope().accountId);
  return useMutation({
    mutationFn: (id: string) => call('POST /api/sente-account/remove-sente-file/:id', { params: { id }, body: {} }),
    onSuccess: (response) => {
      queryClient.setQueryData(queryKey, response.data);
      notify.success(BUSINESS_MESSAGES.fileRemoved);
    },
    onError: (error) => notify.error(accountErrorMessage(error)),
  });
}
