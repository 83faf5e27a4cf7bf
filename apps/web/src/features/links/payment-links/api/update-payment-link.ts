import type { PaymentLinkInput } from '@sente/contracts/links';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, errorMessage } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/notify.ts';
import { paymentLinkKeys } from './payment-link-keys.ts';

export function updatePaymentLink({ id, input }: { id: string; input: PaymentLinkInput }) {
  return call('POST /api/payment-link/update/:id', { params: { id }, body: input });
}

/** Saving: toast 'Payment Link Updated' and reload the lists and the link's details. */
export function useUpdatePaymentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePaymentLink,
    onSuccess: async (response) => {
      notify.success(response.message || LINK_MESSAGES.paymentLinkUpdated);
      await queryClient.invalidateQueries({ queryKey: paymentLinkKeys.all });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}
