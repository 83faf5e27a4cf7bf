import type { User } from '@sente/contracts/accounts';
import { DEVELOPER_MESSAGES } from '@sente/contracts/developers';
import { MESSAGES } from '@sente/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { profileKeys } from '../../../lib/profile.ts';

export function generateKeys() {
  return call('POST /api/keys/generate', { body: {} });
}

/**
 * POST /api/keys/generate ('Keys Generated'). The answer carries the new keys, which go straight into the
 * profile the page reads: a profile reload still on its way, made before the old keys died, is cancelled first.
 */
export function useGenerateKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateKeys,
    onSuccess: async (response) => {
      await queryClient.cancelQueries({ queryKey: profileKeys.all });
      queryClient.setQueryData<User>(profileKeys.all, (user) =>
        user?.current_account
          ? {
              ...user,
              current_account: { ...user.current_account, api_keys: { ...user.current_account.api_keys, ...response.data } },
            }
          : user,
      );
      notify.success(response.message ?? DEVELOPER_MESSAGES.keysGenerated);
    },
    onError: (error) => notify.error(errorMessage(error, MESSAGES.failedSomethingWentWrong)),
  });
}
