import type { UpdateProfileInput } from '@sente/contracts/accounts';
import { MESSAGES } from '@sente/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountErrorMessage } from '../../../lib/account-error.ts';
import { call } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { profileKeys } from '../../../lib/profile.ts';
import { notificationKeys } from './notifications.ts';

export function updateProfile(input: UpdateProfileInput) {
  return call('POST /api/user/update-profile', { body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (response) => {
      // The answer is the updated profile: show it at once, then let the usual reload confirm it.
      queryClient.setQueryData(profileKeys.all, response.data);
      // A new phone is not verified (decision 070): the Notifications section no longer offers SMS to it.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      ]);
      notify.success(MESSAGES.profileUpdated);
    },
    onError: (error) => notify.error(accountErrorMessage(error)),
  });
}
