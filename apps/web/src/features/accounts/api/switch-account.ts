import type { SwitchAccountInput } from '@sente/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountErrorMessage } from '../../../lib/account-error.ts';
import { call } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';

export function switchAccount(input: SwitchAccountInput) {
  return call('POST /api/sente-account/switch-account', { body: input });
}

/** Every query belongs to the current account, so a switch refetches them all. */
export function useSwitchAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchAccount,
    onSuccess: async (response) => {
      await queryClient.invalidateQueries();
      if (response.message) notify.success(response.message);
    },
    onError: (error) => notify.error(accountErrorMessage(error)),
  });
}
