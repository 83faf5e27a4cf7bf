import type { DigitalItemInput } from '@sente/contracts/links';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, errorMessage } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/notify.ts';
import { digitalItemKeys } from './digital-item-keys.ts';

export function updateDigitalItem({ id, input }: { id: string; input: DigitalItemInput }) {
  return call('POST /api/donation-link/update_digital_item/:id', { params: { id }, body: input });
}

/** Saving: toast 'Item Updated' and reload the lists and the item's details. */
export function useUpdateDigitalItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDigitalItem,
    onSuccess: async (response) => {
      notify.success(response.message || LINK_MESSAGES.itemUpdated);
      await queryClient.invalidateQueries({ queryKey: digitalItemKeys.all });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}
