import type { CreateAccountInput } from '@sente/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { profileKeys } from '../../../lib/profile.ts';
import { accountErrorMessage } from './account-error.ts';

export function createAccount(input: CreateAccountInput) {
  return api<{ id: string; account_name: string }>('/api/sente-account/create-account', { method: 'POST', body: input });
}

/** The new account joins the user's staff profiles (and becomes current if none was), so the profile reloads. */
export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAccount,
    onSuccess: async (response) => {
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
      if (response.message) notify.success(response.message);
    },
    onError: (error) => notify.error(accountErrorMessage(error)),
  });
}
