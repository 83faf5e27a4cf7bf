import { DEVELOPER_MESSAGES, type WebhookUrls } from '@sente/contracts/developers';
import { MESSAGES } from '@sente/contracts/messages';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, errorMessage } from '../../../lib/api-client.ts';
import { useMoneyScope } from '../../../lib/money-scope.ts';
import { notify } from '../../../lib/notify.ts';
import { developerKeys } from './developer-keys.ts';

/** GET /api/webhook: the account's two URLs, null where none is set. */
export const webhookUrlsQueryOptions = (accountId: string | null) =>
  queryOptions({
    queryKey: developerKeys.webhooks(accountId),
    queryFn: async ({ signal }) => (await call('GET /api/webhook', { signal })).data,
  });

export function useWebhookUrls() {
  return useQuery(webhookUrlsQueryOptions(useMoneyScope().accountId));
}

/**
 * POST /api/webhook/save-url ('Webhooks Updated'); the answer is the URLs as saved. The delivery log is read
 * again: it lists a destination's 'No URL' deliveries only while that destination has a URL.
 */
export function useSaveWebhookUrls() {
  const queryClient = useQueryClient();
  const scope = useMoneyScope();
  const { queryKey } = webhookUrlsQueryOptions(scope.accountId);
  return useMutation({
    mutationFn: (input: WebhookUrls) => call('POST /api/webhook/save-url', { body: input }),
    onSuccess: (response) => {
      queryClient.setQueryData(queryKey, response.data);
      void queryClient.invalidateQueries({ queryKey: developerKeys.deliveries(scope) });
      notify.success(response.message ?? DEVELOPER_MESSAGES.webhooksUpdated);
    },
    onError: (error) => notify.error(errorMessage(error, MESSAGES.failedSomethingWentWrong)),
  });
}
