import type { DigitalItemInput } from '@sente/contracts/links';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import type { RouteBody } from '@sente/contracts/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, errorMessage } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/notify.ts';
import { digitalItemKeys } from './digital-item-keys.ts';

export function createDigitalItem(input: DigitalItemInput) {
  // The item as the form holds it: a missing image is the server's to name (productImageMissing).
  return call('POST /api/donation-link/create_digital_item', {
    body: input as RouteBody<'POST /api/donation-link/create_digital_item'>,
  });
}

/** Saving: toast 'Item Added' (the server's words when it sends them) and reload the lists. */
export function useCreateDigitalItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDigitalItem,
    onSuccess: async (response) => {
      notify.success(response.message || LINK_MESSAGES.itemAdded);
      await queryClient.invalidateQueries({ queryKey: digitalItemKeys.all });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}
