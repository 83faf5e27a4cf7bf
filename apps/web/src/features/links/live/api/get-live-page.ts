import { LIVE_PAGE_POLL_MS } from '@sente/contracts/constants';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ApiError, call, routePath } from '../../../../lib/api-client.ts';
import { collectionKeys } from '../../../../lib/collections-query.ts';
import { type MoneyScope, useMoneyScope } from '../../../../lib/money-scope.ts';

/** The live page's Download (all of the link's collections, however many). */
export const liveDownloadPath = (ref: string) =>
  routePath('GET /api/payment-link/collections/:ref/download', { params: { ref } });

/**
 * GET /api/payment-link/collections/{ref}, the link, its successful total and its collections, newest first,
 * cursor-paged with Load More like every list. Asked again every LIVE_PAGE_POLL_MS while the page
 * is open and the link exists: a refresh asks for every page loaded so far, from the first, so new payments appear at
 * the top and none drops out of the loaded pages. A failed refresh keeps the last figures on screen and tries again
 * at the next turn.
 */
export const livePageQueryOptions = (scope: MoneyScope, ref: string) =>
  infiniteQueryOptions({
    queryKey: collectionKeys.live(scope, ref),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const query = pageParam ? { cursor: pageParam } : {};
      return (await call('GET /api/payment-link/collections/:ref', { params: { ref }, query, signal })).data;
    },
    getNextPageParam: (last, pages) => (pages.length < last.totalPages && last.nextCursor ? last.nextCursor : undefined),
    refetchInterval: (query) => {
      const { error } = query.state;
      return error instanceof ApiError && error.status === 404 ? false : LIVE_PAGE_POLL_MS;
    },
  });

export function useLivePage(ref: string) {
  const query = useInfiniteQuery(livePageQueryOptions(useMoneyScope(), ref));
  const pages = query.data?.pages ?? [];
  const first = pages[0];
  return {
    /** The link and its figures, from the first page (the newest answer). */
    page: first
      ? {
          link: first.link,
          total_successful: first.total_successful,
          successful_count: first.successful_count,
          totalItems: first.totalItems,
        }
      : undefined,
    items: pages.flatMap((page) => page.items),
    hasMore: query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
    loadingMore: query.isFetchingNextPage,
    isPending: query.isPending,
    error: query.error,
    updatedAt: query.dataUpdatedAt,
    refetch: () => void query.refetch(),
  };
}
