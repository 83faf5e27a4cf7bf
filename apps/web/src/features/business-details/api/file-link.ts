import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { useMoneyScope } from '../../../lib/money-scope.ts';
import { businessKeys, LINK_REFRESH_MS } from './business-keys.ts';

/** GET /api/files/signed-url: a members-only link to one of the account's files, kept fresh while shown. */
export const fileLinkQueryOptions = (accountId: string | null, path: string) =>
  queryOptions({
    queryKey: businessKeys.fileLink(accountId, path),
    queryFn: async ({ signal }) => (await call('GET /api/files/signed-url', { query: { path }, signal })).data,
    refetchInterval: LINK_REFRESH_MS,
  });

export function useFileLink(path: string | null) {
  return useQuery({ ...fileLinkQueryOptions(useMoneyScope().accountId, path ?? ''), enabled: Boolean(path) });
}
