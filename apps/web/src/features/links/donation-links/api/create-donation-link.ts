import type { DonationLinkInput } from '@sente/contracts/links';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, errorMessage } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/notify.ts';
import { donationLinkKeys } from './donation-link-keys.ts';

export function createDonationLink(input: DonationLinkInput) {
  return call('POST /api/donation-link/create', { body: input });
}

/** Saving: toast 'Donation Link Saved' (the server's words when it sends them) and reload the lists. */
export function useCreateDonationLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDonationLink,
    onSuccess: async (response) => {
      notify.success(response.message || LINK_MESSAGES.donationLinkSaved);
      await queryClient.invalidateQueries({ queryKey: donationLinkKeys.all });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}
