import type { FileUrl } from '@sente/contracts/files';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { businessKeys, LINK_REFRESH_MS } from './business-keys.ts';

/** GET /api/files/signed-url: a members-only link to one of the account's files, kept fresh while shown. */
export function useFileLink(path: string | null) {
  return useQuery({
    queryKey: businessKeys.fileLink(path ?? ''),
    queryFn: async ({ signal }) =>
      (await api<FileUrl>(`/api/files/signed-url?path=${encodeURIComponent(path ?? '')}`, { signal })).data,
    enabled: Boolean(path),
    refetchInterval: LINK_REFRESH_MS,
  });
}
