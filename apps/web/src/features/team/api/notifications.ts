import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { useMoneyScope } from '../../../lib/money-scope.ts';
import { teamKeys } from './team.ts';

/** GET /api/team/notifications: who of the team hears what (owners and administrators). */
export const teamNotificationsQueryOptions = (accountId: string | null) =>
  queryOptions({
    queryKey: teamKeys.notifications(accountId),
    queryFn: async ({ signal }) => (await call('GET /api/team/notifications', { signal })).data,
  });

export function useTeamNotifications() {
  return useQuery(teamNotificationsQueryOptions(useMoneyScope().accountId));
}
