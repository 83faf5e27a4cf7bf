import type { Page } from '@sente/contracts/api';
import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * The cursor-paged list of spec §4: the first fetch replaces, Load More appends the next page while
 * the pages loaded are below totalPages. The key carries the account id, so lists reload when the
 * active account (or environment) changes.
 *
 * `nextPath` serves lists whose later pages come from another path than the first (spec §7: the
 * digital items start at get_digital_items and go on at /api/donation-link?cursor=); by default
 * every page comes from `path`.
 */
export function useCursorList<T>(queryKey: QueryKey, path: string, nextPath: string = path) {
  const query = useInfiniteQuery({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      if (!pageParam) return (await api<Page<T>>(path, { signal })).data;
      const separator = nextPath.includes('?') ? '&' : '?';
      const url = `${nextPath}${separator}cursor=${encodeURIComponent(pageParam)}`;
      return (await api<Page<T>>(url, { signal })).data;
    },
    getNextPageParam: (last, pages) => (pages.length < last.totalPages && last.nextCursor ? last.nextCursor : undefined),
  });
  const pages = query.data?.pages ?? [];
  return {
    items: pages.flatMap((page) => page.items),
    totalItems: pages[0]?.totalItems ?? 0,
    hasMore: query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
    loadingMore: query.isFetchingNextPage,
    isPending: query.isPending,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

export type CursorList<T> = ReturnType<typeof useCursorList<T>>;
