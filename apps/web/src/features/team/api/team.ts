import { MESSAGES, TEAM_MESSAGES } from '@sente/contracts/messages';
import type { StaffInviteInput, StaffMember } from '@sente/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, errorMessage } from '../../../lib/api-client.ts';
import { useMoneyScope } from '../../../lib/money-scope.ts';
import { notify } from '../../../lib/notify.ts';
import { cursorListOptions, useCursorList } from '../../../lib/use-cursor-list.ts';

/** The team is the account's, in both environments: keys from generic to specific, scoped by account alone. */
export const teamKeys = {
  all: ['team'] as const,
  scope: (accountId: string | null) => [...teamKeys.all, accountId] as const,
  lists: (accountId: string | null) => [...teamKeys.scope(accountId), 'list'] as const,
  /** Who of the team hears what. */
  notifications: (accountId: string | null) => [...teamKeys.scope(accountId), 'notifications'] as const,
};

/** GET /api/staff/list, paged with Load More. */
export const teamQueryOptions = (accountId: string | null) =>
  cursorListOptions<StaffMember>(teamKeys.lists(accountId), 'GET /api/staff/list');

export function useTeam() {
  return useCursorList(teamQueryOptions(useMoneyScope().accountId));
}

/** POST /api/staff/register: toast 'Invite Sent', then the list reloads with the invite. */
export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StaffInviteInput) => call('POST /api/staff/register', { body: input }),
    onSuccess: async () => {
      notify.success(TEAM_MESSAGES.inviteSent);
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
    onError: (error) => notify.error(errorMessage(error, MESSAGES.failedSomethingWentWrong)),
  });
}

/** POST /api/staff/hide_staff/{id} with an empty body; any refusal says 'Failed to remove account'. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('POST /api/staff/hide_staff/:id', { params: { id }, body: {} }),
    onSuccess: async (response) => {
      if (response.message) notify.success(response.message);
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
    onError: () => notify.error(TEAM_MESSAGES.removeFailed),
  });
}
