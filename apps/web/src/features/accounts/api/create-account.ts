import type { CreateAccountInput } from '@sente/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountErrorMessage } from '../../../lib/account-error.ts';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';

export function createAccount(input: CreateAccountInput) {
  return api<{ id: string; account_name: string }>('/api/sente-account/create-account', { method: 'POST', body: input });
}

/**
 * The new account becomes the current one (spec §4's reload-profile rule on account creation): the profile reloads,
 * and with it every query, which all belong to the current account, as after a switch.
 */
export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    onSuccess: async (response) => {
      await queryClient.invalidateQueries();
      if (response.message) notify.success(response.message);
    },
    onError: (error) => notify.error(accountErrorMessage(error)),
  });
}
