import type { PaymentLinkInput } from '@sente/contracts/links';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, errorMessage } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/notify.ts';
import { paymentLinkKeys } from './payment-link-keys.ts';

export function createPaymentLink(input: PaymentLinkInput) {
  return call('POST /api/payment-link/create', { body: input });
}

/** Saving: toast 'Payment Link Saved' (the server's words when it sends them) and reload the lists. */
export function useCreatePaymentLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPaymentLink,
    onSuccess: async (response) => {
      notify.success(response.message || LINK_MESSAGES.paymentLinkSaved);
      await queryClient.invalidateQueries({ queryKey: paymentLinkKeys.all });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}
