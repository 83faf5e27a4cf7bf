import type { SetEnvironmentInput } from '@sente/contracts/accounts';
import type { Environment } from '@sente/contracts/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountErrorMessage } from '../../../lib/account-error.ts';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';

export function setEnvironment(input: SetEnvironmentInput) {
  return api<{ active_environment: Environment }>('/api/keys/set-environment', { method: 'POST', body: input });
}

/**
 * Spec §4 mode toggle. Collections, balances and every list depend on the environment, so a switch
 * refetches everything, not only the profile; the mutation stays pending until that is done.
 */
export function useSetEnvironment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setEnvironment,
    onSuccess: async (response) => {
      await queryClient.invalidateQueries();
      if (response.message) notify.success(response.message);
    },
    onError: (error) => notify.error(accountErrorMessage(error)),
  });
}
