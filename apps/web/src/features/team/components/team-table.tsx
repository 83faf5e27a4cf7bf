import { Button, Table, Text } from '@mantine/core';
import { STAFF_ROLE_LABELS } from '@sente/contracts/constants';
import { TEAM_MESSAGES } from '@sente/contracts/messages';
import type { StaffMember } from '@sente/contracts/team';
import { IconTrash } from '@tabler/icons-react';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import classes from './team-table.module.css';

/**
 * Team members: Email, Names (or 'Invite Sent' while the invitee has not joined), Role, Action. Delete is
 * hidden on the row whose creator is the same user (the account creator's own row); without `onDelete` (a role that
 * may not remove anyone) the table has no Action column at all rather than an empty one.
 */
export function TeamTable({ members, onDelete }: { members: StaffMember[]; onDelete?: (member: StaffMember) => void }) {
  return (
    <ScrollTable minWidth={640} label="Team members table">
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Team members">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Th>Names</Table.Th>
            <Table.Th>Role</Table.Th>
            {onDelete && <Table.Th>Action</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.id}>
              <Table.Td maw={280} className={classes.email}>
                {member.email}
              </Table.Td>
              <Table.Td>
                {member.user ? (
                  <Text size="sm" fw={600}>
                    {`${member.user.firstname} ${member.user.lastname}`.trim()}
                  </Text>
                ) : (
                  <StatusBadge status="pending" size="sm" label={TEAM_MESSAGES.inviteSent} />
                )}
              </Table.Td>
              <Table.Td>{STAFF_ROLE_LABELS[member.staff_role]}</Table.Td>
              {onDelete && (
                <Table.Td>
                  {member.creator_id !== member.user_id && (
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      // The subtle variant's own red text is under 4.5:1 on white; red.9 reads at 5.4:1.
                      c="red.9"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      aria-label={`Delete ${member.email}`}
                      onClick={() => onDelete(member)}
                    >
                      Delete
                    </Button>
                  )}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
