import type { Page } from '@sente/contracts/api';
import type { RouteKey, RouteQuery } from '@sente/contracts/routes';
import { infiniteQueryOptions, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { call } from './api-client.ts';

/** The lists: the routes that take a `?cursor=` and no path parameter. */
export type ListKey = {
  [K in RouteKey]: K extends `GET ${string}:${string}`
    ? never
    : K extends `GET ${string}`
      ? 'cursor' extends keyof RouteQuery<K>
        ? K
        : never
      : never;
}[RouteKey];

/**
 * The query options of a cursor-paged list (Load More) under `queryKey` (a list key of its feature's factory, which
 * carries the account and environment, so lists reload when either changes): the first fetch replaces, Load More
 * appends the next page while the pages loaded are below totalPages. The cursor is the page parameter, not part of
 * the key: all the pages loaded live in one cache entry, which one invalidation refreshes.
 *
 * `search` is the list's filter as the page's address holds it. `nextKey` serves lists whose later pages come from
 * another route than the first (the digital items start at get_digital_items and go on at
 * /api/donation-link?cursor=); by default every page comes from `key`.
 */
export function cursorListOptions<T>(queryKey: QueryKey, key: ListKey, search = '', nextKey: ListKey = key) {
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<Page<T>> => {
      // The lists answer pages of different rows; the caller names its row type.
      type Answer = { data: Page<T> };
      if (!pageParam) return ((await call(key, { query: search, signal })) as unknown as Answer).data;
      const query = [search, `cursor=${encodeURIComponent(pageParam)}`].filter(Boolean).join('&');
      return ((await call(nextKey, { query, signal })) as unknown as Answer).data;
    },
    getNextPageParam: (last, pages) => (pages.length < last.totalPages && last.nextCursor ? last.nextCursor : undefined),
  });
}

/** A cursor-paged list as the list screens read it: the items of every page loaded, and Load More. */
export function useCursorList<T>(options: ReturnType<typeof cursorListOptions<T>>) {
  const query = useInfiniteQuery(options);
  const pages = query.data?.pages ?? [];
  return {
    items: pages.flatMap((page) => page.items),
    totalItems: pages[0]?.totalItems ?? 0,
    /** A filtered list stopped counting at its cap (decision 051): totalItems is then a floor. */
    totalCapped: (pages[0] as { totalCapped?: boolean } | undefined)?.totalCapped ?? false,
    /** The first page as answered, for what a list's answer adds to the page (the collections' `received`). */
    firstPage: pages[0],
    hasMore: query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
    loadingMore: query.isFetchingNextPage,
    isPending: query.isPending,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

export type CursorList<T> = ReturnType<typeof useCursorList<T>>;
