import { type Right, roleHasRight } from '@sente/contracts/constants';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client.ts';

export const profileKeys = { all: ['profile'] as const };

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.all,
    queryFn: async ({ signal }) => (await call('GET /api/user/profile', { signal })).data,
  });

/** The profile is reloaded each time an authenticated area is entered. */
export function useProfile() {
  return useQuery({ ...profileQueryOptions(), refetchOnMount: 'always' });
}

/** Whether the caller's role on the current account has a right (docs/features.md#roles); the UI hides what it cannot do. */
export function useCan(right: Right): boolean {
  const { data: user } = useProfile();
  const role = user?.current_role ?? null;
  return role !== null && roleHasRight(role, right);
}
