import { LIVE_PAGE_POLL_MS } from '@sente/contracts/constants';
import type { LivePage } from '@sente/contracts/payments';
import { useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client.ts';
import { collectionKeys } from '../../../lib/collections-query.ts';
import { useMoneyScope } from '../../../lib/money-scope.ts';

/**
 * Spec §7: GET /api/payment-link/collections/{ref}, the link's newest collections and its successful
 * total, asked again every LIVE_PAGE_POLL_MS (spec §9) while the page is open and the link exists (a failed
 * refresh keeps the last figures on screen and tries again at the next turn).
 */
export function useLivePage(ref: string) {
  return useQuery({
    queryKey: collectionKeys.live(useMoneyScope(), ref),
    queryFn: async ({ signal }) =>
      (await api<LivePage>(`/api/payment-link/collections/${encodeURIComponent(ref)}`, { signal })).data,
    refetchInterval: (query) => {
      const { error } = query.state;
      return error instanceof ApiError && error.status === 404 ? false : LIVE_PAGE_POLL_MS;
    },
  });
}
