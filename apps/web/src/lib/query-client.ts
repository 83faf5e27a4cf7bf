import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/**
 * The defaults of every query. The queries themselves are declared by their features: one key factory each, from
 * generic to specific with the account and environment as the scope level, and one queryOptions per query that its
 * hook and its invalidations share (https://tkdodo.eu/blog/effective-react-query-keys,
 * https://tkdodo.eu/blog/the-query-options-api); src/query-keys.test.ts keeps it so.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx will not change by asking again; network hiccups on a slow connection might.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 2,
    },
  },
});
