import { type BankDetails, WALLET_MESSAGES } from '@sente/contracts/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountErrorMessage } from '../../../lib/account-error.ts';
import { api } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { profileKeys } from '../../../lib/profile.ts';

export function updateBankDetails(input: BankDetails) {
  return api<BankDetails>('/api/sente-account/update-bank-details', { method: 'POST', body: input });
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
