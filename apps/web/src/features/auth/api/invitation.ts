import type { AcceptedInvitation, Invitation } from '@sente/contracts/team';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /api/staff/invitation: the account and role an invitation link is for (no session needed). */
export function useInvitation(invite: string | null) {
  return useQuery({
    queryKey: ['invitation', invite],
    queryFn: async ({ signal }) =>
      (await api<Invitation>(`/api/staff/invitation?invite=${encodeURIComponent(invite ?? '')}`, { signal })).data,
    enabled: invite !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /api/staff/accept: a signed-in user joins the invited account, which becomes their current one. */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (invite: string) => api<AcceptedInvitation>('/api/staff/accept', { method: 'POST', body: { invite } }),
    // Every cached answer belonged to the account the user was in before.
    onSuccess: () => queryClient.resetQueries(),
  });
}
