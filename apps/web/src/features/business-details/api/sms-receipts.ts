import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountErrorMessage } from '../../../lib/account-error.ts';
import { call } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { profileKeys } from '../../../lib/profile.ts';

export function setSmsReceipts(enabled: boolean) {
  return call('POST /api/sente-account/sms-receipts', { body: { enabled } });
}

/** Turns the account's SMS receipts on or off (decision 068); the profile carries the setting. */
export function useSetSmsReceipts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSmsReceipts,
    onSuccess: async (response) => {
      if (response.message) notify.success(response.message);
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
    onError: (error) => notify.error(accountErrorMessage(error)),
  });
}
