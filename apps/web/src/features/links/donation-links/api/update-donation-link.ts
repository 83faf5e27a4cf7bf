import type { DonationLinkInput } from '@sente/contracts/links';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, errorMessage } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/notify.ts';
import { donationLinkKeys } from './donation-link-keys.ts';

export function updateDonationLink({ id, input }: { id: string; input: DonationLinkInput }) {
  return call('POST /api/donation-link/update/:id', { params: { id }, body: input });
}

/** Saving: toast 'Donation Link Updated' and reload the lists and the link's details. */
export function useUpdateDonationLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDonationLink,
    onSuccess: async (response) => {
      notify.success(response.message || LINK_MESSAGES.donationLinkUpdated);
      await queryClient.invalidateQueries({ queryKey: donationLinkKeys.all });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}
