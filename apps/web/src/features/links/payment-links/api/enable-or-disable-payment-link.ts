import type { Environment } from '@sente/contracts/constants';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client.ts';
import { useMoneyScope } from '../../../../lib/money-scope.ts';
import { notify } from '../../../../lib/notify.ts';
import { paymentLinksQueryOptions } from './get-payment-links.ts';
import { paymentLinkKeys } from './payment-link-keys.ts';

/** These calls name the environments test and prod. */
const envOf = (environment: Environment) => (environment === 'production' ? 'prod' : 'test');

export function enableOrDisablePaymentLink(id: string, body: { is_disabled: boolean; env: 'test' | 'prod' }) {
  return call('POST /api/payment-link/enable_or_disable/:id', { params: { id }, body });
}

type Variables = { id: string; is_disabled: boolean };

/** The checkbox flips at once; a failure puts it back and says 'Unable to change payment link status'. */
export function useEnableOrDisablePaymentLink() {
  const queryClient = useQueryClient();
  const scope = useMoneyScope();
  const listKey = paymentLinksQueryOptions(scope).queryKey;

  return useMutation({
    mutationFn: ({ id, is_disabled }: Variables) =>
      enableOrDisablePaymentLink(id, { is_disabled, env: envOf(scope.environment) }),
    onMutate: async ({ id, is_disabled }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData(listKey);
      queryClient.setQueryData(listKey, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.map((link) => (link.id === id ? { ...link, is_disabled } : link)),
              })),
            }
          : data,
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
      notify.error(LINK_MESSAGES.paymentLinkStatusFailed);
    },
    onSuccess: () => notify.success(LINK_MESSAGES.paymentLinkStatusUpdated),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentLinkKeys.scope(scope) }),
  });
}
