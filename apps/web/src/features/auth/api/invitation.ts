import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** An invitation is read before any account is chosen, so its keys have no account level: the invite names it. */
export const invitationKeys = {
  all: ['invitation'] as const,
  detail: (invite: string) => [...invitationKeys.all, invite] as const,
};

/** GET /api/staff/invitation: the account and role an invitation link is for (no session needed). */
export const invitationQueryOptions = (invite: string) =>
  queryOptions({
    queryKey: invitationKeys.detail(invite),
    queryFn: async ({ signal }) => (await call('GET /api/staff/invitation', { query: { invite }, signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useInvitation(invite: string | null) {
  return useQuery({ ...invitationQueryOptions(invite ?? ''), enabled: invite !== null });
}

/** POST /api/staff/accept: a signed-in user joins the invited account, which becomes their current one. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invite: string) => call('POST /api/staff/accept', { body: { invite } }),
    // Every cached answer belonged to the account the user was in before.
    onSuccess: () => queryClient.resetQueries(),
  });
}
