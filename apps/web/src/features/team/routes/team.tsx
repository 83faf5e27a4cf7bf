import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { MESSAGES, TEAM_MESSAGES } from '@sente/contracts/messages';
import type { StaffMember } from '@sente/contracts/team';
import { IconLock, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useCan } from '../../../lib/profile.ts';
import { useRemoveMember, useTeam } from '../api/team.ts';
import { InviteMemberModal } from '../components/invite-member-modal.tsx';
import { TeamNotifications } from '../components/team-notifications.tsx';
import { TeamTable } from '../components/team-table.tsx';
import classes from './team.module.css';

/**
 * Team members, shown to every member (decision 037). Only owners and administrators invite and remove (docs/features.md#roles):
 * the others see the members who joined, without Invite Member or Delete.
 */
export function TeamRoute() {
  const canManage = useCan('manageAccount');
  const list = useTeam();
  const remove = useRemoveMember();
  const [inviting, setInviting] = useState(false);
  const [deleting, setDeleting] = useState<StaffMember | null>(null);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} size="h2">
            Team
          </Title>
          <Text size="sm" c="gray.7">
            {canManage
              ? 'The people who work on this account, and the invitations not yet accepted.'
              : 'The people who work on this account.'}
          </Text>
        </div>
        {canManage && (
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setInviting(true)}>
            Invite Member
          </Button>
        )}
      </Group>
      {!canManage && (
        <Alert color="gray" icon={<IconLock size={18} aria-hidden />}>
          {TEAM_MESSAGES.readOnly}
        </Alert>
      )}
      {list.isPending ? (
        <PageLoader />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={list.refetch} />
      ) : list.items.length === 0 ? (
        <Text c="gray.7">{TEAM_MESSAGES.noMembers}</Text>
      ) : (
        <>
          <TeamTable members={list.items} onDelete={canManage ? setDeleting : undefined} />
          <LoadMore hasMore={list.hasMore} loading={list.loadingMore} onLoad={list.loadMore} />
        </>
      )}
      {canManage && <TeamNotifications />}
      <InviteMemberModal opened={inviting} onClose={() => setInviting(false)} />
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title={MESSAGES.confirmTitle} centered size="sm">
        <Text className={classes.message}>{deleting ? TEAM_MESSAGES.removeConfirm(deleting.email) : ''}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setDeleting(null)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
          >
            Delete
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
