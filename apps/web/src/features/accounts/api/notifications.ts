import { NOTIFICATION_MESSAGES as N, type NotificationSettingsInput } from '@sente/contracts/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { useMoneyScope } from '../../../lib/money-scope.ts';
import { notify } from '../../../lib/notify.ts';

/** A member's choices are theirs for their current account: keyed by the account. */
export const notificationKeys = {
  all: ['notifications'] as const,
  mine: (accountId: string | null) => [...notificationKeys.all, accountId] as const,
};

/** GET /api/user/notifications: what the member hears of the current account, and the phone SMS would go to. */
export const notificationsQueryOptions = (accountId: string | null) =>
  queryOptions({
    queryKey: notificationKeys.mine(accountId),
    queryFn: async ({ signal }) => (await call('GET /api/user/notifications', { signal })).data,
  });

export function useNotifications() {
  return useQuery(notificationsQueryOptions(useMoneyScope().accountId));
}

/** POST /api/user/notifications: the whole set; the form shows a refusal under the field it names. */
export function useSaveNotifications() {
  const queryClient = useQueryClient();
  const { accountId } = useMoneyScope();
  return useMutation({
    mutationFn: (input: NotificationSettingsInput) => call('POST /api/user/notifications', { body: input }),
    onSuccess: (answer) => {
      notify.success(N.saved);
      queryClient.setQueryData(notificationKeys.mine(accountId), answer.data);
    },
  });
}
