import type { SetEnvironmentInput } from '@sente/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountErrorMessage } from '../../../lib/account-error.ts';
import { call } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';

export function setEnvironment(input: SetEnvironmentInput) {
  return call('POST /api/keys/set-environment', { body: input });
}

/**
 * The test/live mode toggle. Collections, balances and every list depend on the environment, so a switch
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
