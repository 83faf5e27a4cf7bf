import { WALLET_MESSAGES } from '@sente/contracts/transfers';
import type { BankDetails } from '@sente/contracts/transfers-input';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountErrorMessage } from '../../../lib/account-error.ts';
import { call } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { profileKeys } from '../../../lib/profile.ts';

export function updateBankDetails(input: BankDetails) {
  return call('POST /api/sente-account/update-bank-details', { body: input });
}

export function useUpdateBankDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBankDetails,
    onSuccess: async () => {
      notify.success(WALLET_MESSAGES.bankDetailsUpdated);
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
    onError: (error) => notify.error(accountErrorMessage(error)),
  });
}
