import { DEVELOPER_MESSAGES, type WebhookUrls } from '@sente/contracts/developers';
import { MESSAGES } from '@sente/contracts/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useProfile } from '../../../lib/profile.ts';
import { developerKeys } from './developer-keys.ts';

const useAccountId = () => useProfile().data?.current_account?.id ?? 'none';

/** Spec §7 GET /api/webhook: the account's two URLs, null where none is set. */
export function useWebhookUrls() {
  return useQuery({
    queryKey: developerKeys.webhooks(useAccountId()),
    queryFn: async ({ signal }) => (await api<WebhookUrls>('/api/webhook', { signal })).data,
  });
}

/** Spec §7 POST /api/webhook/save-url ('Webhooks Updated'); the answer is the URLs as saved. */
export function useSaveWebhookUrls() {
  const queryClient = useQueryClient();
  const accountId = useAccountId();
  return useMutation({
    mutationFn: (input: WebhookUrls) => api<WebhookUrls>('/api/webhook/save-url', { method: 'POST', body: input }),
    onSuccess: (response) => {
      queryClient.setQueryData(developerKeys.webhooks(accountId), response.data);
      notify.success(response.message ?? DEVELOPER_MESSAGES.webhooksUpdated);
    },
    onError: (error) => notify.error(errorMessage(error, MESSAGES.failedSomethingWentWrong)),
  });
}
