import { Alert } from '@mantine/core';
import { STAFF_ROLE_LABELS } from '@sente/contracts/constants';
import { TEAM_MESSAGES } from '@sente/contracts/messages';
import { IconAlertTriangle, IconUsers } from '@tabler/icons-react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useInvitation } from '../api/invitation.ts';

/**
 * Above the sign-up and sign-in forms opened from an invitation e-mail: which account and role it is for, and with which
 * address to continue; or why it can no longer be joined.
 */
export function InvitationNotice({ invite, action }: { invite: string; action: 'Sign up' | 'Sign in' }) {
  const invitation = useInvitation(invite);
  if (invitation.isPending) return null;
  if (invitation.isError) {
    return (
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
        {errorMessage(invitation.error)}
      </Alert>
    );
  }
  const { account_name, staff_role, email } = invitation.data;
  return (
    <Alert color="teal" variant="light" icon={<IconUsers size={18} />}>
      {TEAM_MESSAGES.invitationIntro(account_name, STAFF_ROLE_LABELS[staff_role])} {action} with {email} to join.
    </Alert>
  );
}
