import type { CreateAccountInput } from '@sente/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountErrorMessage } from '../../../lib/account-error.ts';
import { call } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';

export function createAccount(input: CreateAccountInput) {
  return call('POST /api/sente-account/create-account', { body: input });
}

/**
 * The new account becomes the current one (the profile is reloaded when an account is created): the profile reloads,
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
