import type { BusinessDetailsInput } from '@sente/contracts/accounts';
import { BUSINESS_MESSAGES } from '@sente/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountErrorMessage } from '../../../lib/account-error.ts';
import { call } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { profileKeys } from '../../../lib/profile.ts';

export function updateBusinessDetails(input: BusinessDetailsInput) {
  return call('POST /api/user/update-business-details', { body: input });
}

export function useUpdateBusinessDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusinessDetails,
    onSuccess: async () => {
      notify.success(BUSINESS_MESSAGES.detailsUpdated);
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
    onError: (error) => notify.error(accountErrorMessage(error)),
  });
}
