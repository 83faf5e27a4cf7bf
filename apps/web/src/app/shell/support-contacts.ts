import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client.ts';

const supportKeys = { all: ['support'] as const };

/** GET /api/support: the platform's support contacts, from its settings; they do not change while the app runs. */
const supportContactsQueryOptions = () =>
  queryOptions({
    queryKey: supportKeys.all,
    queryFn: async ({ signal }) => (await call('GET /api/support', { signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Asked the first time Help and Support opens. */
export function useSupportContacts(enabled: boolean) {
  return useQuery({ ...supportContactsQueryOptions(), enabled });
}
