import { MESSAGES } from '@sente/contracts/messages';
import { WEBHOOK_DELIVERY_MESSAGES as M, type WebhookDelivery } from '@sente/contracts/webhook-deliveries';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, errorMessage } from '../../../lib/api-client.ts';
import { type MoneyScope, useMoneyScope } from '../../../lib/money-scope.ts';
import { notify } from '../../../lib/notify.ts';
import { cursorListOptions, useCursorList } from '../../../lib/use-cursor-list.ts';
import { developerKeys } from './developer-keys.ts';

/** Decision 025: GET /api/webhook/deliveries?cursor=, the account's deliveries in its active environment, newest first. */
export const webhookDeliveriesQueryOptions = (scope: MoneyScope) =>
  cursorListOptions<WebhookDelivery>(developerKeys.deliveries(scope), 'GET /api/webhook/deliveries');

export function useWebhookDeliveries() {
  return useCursorList(webhookDeliveriesQueryOptions(useMoneyScope()));
}

/** A mutation that toasts the server's message (or `fallback`) and reloads the delivery log. */
function useDeliveryMutation<Input>(send: (input: Input) => Promise<{ message?: string }>, fallback: string) {
  const queryClient = useQueryClient();
  const scope = useMoneyScope();
  return useMutation({
    mutationFn: send,
    onSuccess: (response) => {
      notify.success(response.message ?? fallback);
      void queryClient.invalidateQueries({ queryKey: developerKeys.deliveries(scope) });
    },
    onError: (error) => notify.error(errorMessage(error, MESSAGES.failedSomethingWentWrong)),
  });
}

/** POST /api/webhook/deliveries/:id/resend: sent again at once, with the same webhook-id ('Delivery queued'). */
export const useResendDelivery = () =>
  useDeliveryMutation((id: string) => call('POST /api/webhook/deliveries/:id/resend', { params: { id } }), M.deliveryQueued);

/** POST /api/webhook/test-event: a test.event to each URL that is set ('Test event queued'). */
export const useSendTestEvent = () => useDeliveryMutation(() => call('POST /api/webhook/test-event'), M.testEventQueued);
