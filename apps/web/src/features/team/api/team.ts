import { MESSAGES, TEAM_MESSAGES } from '@sente/contracts/messages';
import type { StaffInviteInput, StaffMember } from '@sente/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useProfile } from '../../../lib/profile.ts';
import { useCursorList } from '../../../lib/use-cursor-list.ts';

export const teamKeys = { all: ['team'] as const, list: (accountId: string) => ['team', accountId] as const };

/** Spec §7 GET /api/staff/list, paged with Load More. */
export function useTeam() {
  const accountId = useProfile().data?.current_account?.id ?? 'none';
  return useCursorList<StaffMember>(teamKeys.list(accountId), '/api/staff/list');
}

/** Spec §7 POST /api/staff/register: toast 'Invite Sent', then the list reloads with the invite. */
export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffInviteInput) => api<null>('/api/staff/register', { method: 'POST', body: input }),
    onSuccess: async () => {
      notify.success(TEAM_MESSAGES.inviteSent);
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
    onError: (error) => notify.error(errorMessage(error, MESSAGES.failedSomethingWentWrong)),
  });
}

/** Spec §7 POST /api/staff/hide_staff/{id} with an empty body; any refusal says 'Failed to remove account' (§8). */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<null>(`/api/staff/hide_staff/${encodeURIComponent(id)}`, { method: 'POST', body: {} }),
    onSuccess: async (response) => {
      if (response.message) notify.success(response.message);
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
    onError: () => notify.error(TEAM_MESSAGES.removeFailed),
  });
}
