import type { User } from '@sente/contracts/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

export const profileKeys = { all: ['profile'] as const };

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.all,
    queryFn: async ({ signal }) => (await api<User>('/api/user/profile', { signal })).data,
  });

/** Spec §2: the profile is reloaded each time an authenticated area is entered. */
export function useProfile() {
  return useQuery({ ...profileQueryOptions(), refetchOnMount: 'always' });
}
