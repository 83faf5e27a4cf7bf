import type { Environment } from '@sente/contracts/constants';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, errorMessage } from '../../../../lib/api-client.ts';
import { useMoneyScope } from '../../../../lib/money-scope.ts';
import { notify } from '../../../../lib/notify.ts';
import { digitalItemKeys } from './digital-item-keys.ts';
import { digitalItemsQueryOptions } from './get-digital-items.ts';

/** These calls name the environments test and prod. */
const envOf = (environment: Environment) => (environment === 'production' ? 'prod' : 'test');

type HideBody = { senteDigitalItemId: string; shouldHide: boolean; env: 'test' | 'prod' };

export function hideDigitalItem(id: string, body: HideBody) {
  return call('POST /api/donation-link/hide_digital_item/:id', { params: { id }, body });
}

/**
 * Deleting a digital item: a hide, after a confirm. Once the server agrees the row leaves the
 * loaded pages at once (no refetch of every page) and 'Product deleted!' shows.
 */
export function useDeleteDigitalItem() {
  const queryClient = useQueryClient();
  const scope = useMoneyScope();
  const listKey = digitalItemsQueryOptions(scope).queryKey;

  return useMutation({
    mutationFn: (id: string) => hideDigitalItem(id, { senteDigitalItemId: id, shouldHide: true, env: envOf(scope.environment) }),
    onSuccess: async (response, id) => {
      queryClient.setQueryData(listKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.filter((item) => item.id !== id),
                totalItems: Math.max(0, page.totalItems - 1),
              })),
            }
          : data,
      );
      notify.success(response.message || LINK_MESSAGES.productDeleted);
      // Marked stale, not refetched now: that would reload every page the merchant has loaded.
      await queryClient.invalidateQueries({ queryKey: digitalItemKeys.scope(scope), refetchType: 'none' });
    },
    onError: (error) => notify.error(errorMessage(error)),
  });
}
