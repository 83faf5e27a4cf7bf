import { Stack, Table, Text, Title } from '@mantine/core';
import { roleHasRight, STAFF_ROLE_LABELS, type StaffRole } from '@sente/contracts/constants';
import { HEARD_EVENTS, type TeamNotification } from '@sente/contracts/notifications';
import { formatPhone } from '@sente/contracts/payments';
import { ErrorState } from '../../../components/error-state.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { useTeamNotifications } from '../api/notifications.ts';

/**
 * The events a member hears of, in words ('Payments above UGX 50,000, failed payouts'), or 'Nothing'. Approvals are
 * told only to members whose role may move money, as the server sends them.
 */
export function heardEvents(member: TeamNotification): string {
  const mayApprove = roleHasRight(member.staff_role as StaffRole, 'moveMoney');
  const events = [
    member.payment_received &&
      (member.payment_above ? HEARD_EVENTS.paymentsAbove(member.payment_above) : HEARD_EVENTS.everyPayment),
    member.daily_summary && HEARD_EVENTS.dailySummary,
    member.payout_failed && HEARD_EVENTS.payoutFailed,
    member.refund_done && HEARD_EVENTS.refundDone,
    member.low_balance_below && HEARD_EVENTS.balanceBelow(member.low_balance_below),
    member.approval_needed && mayApprove && HEARD_EVENTS.approvalNeeded,
  ].filter((event): event is string => Boolean(event));
  if (events.length === 0) return HEARD_EVENTS.nothing;
  const text = events.join(', ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

const channels = (member: TeamNotification) =>
  [member.by_email && 'E-mail', member.by_sms && (member.sms_phone ? `SMS ${formatPhone(member.sms_phone)}` : 'SMS (no phone)')]
    .filter(Boolean)
    .join(', ');
const modes = (member: TeamNotification) => [member.live && 'Live', member.test && 'Test'].filter(Boolean).join(', ');

/** Who of the team hears what, read-only: each member chooses their own in their profile. */
export function TeamNotifications() {
  const team = useTeamNotifications();
  return (
    <Stack gap="sm" component="section" aria-labelledby="team-notifications">
      <div>
        <Title order={2} size="h4" id="team-notifications">
          Who gets notifications
        </Title>
        <Text size="sm" c="gray.7">
          Each member chooses their own in their profile.
        </Text>
      </div>
      {team.isPending ? (
        <PageLoader />
      ) : team.error ? (
        <ErrorState error={team.error} onRetry={team.refetch} />
      ) : (
        <ScrollTable minWidth={640} label="Notifications table">
          <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Who gets notifications">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Member</Table.Th>
                <Table.Th>Hears of</Table.Th>
                <Table.Th>How</Table.Th>
                <Table.Th>Mode</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {team.data.map((member) => (
                <Table.Tr key={member.user_id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {member.name}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {STAFF_ROLE_LABELS[member.staff_role as StaffRole] ?? member.staff_role}
                    </Text>
                  </Table.Td>
                  <Table.Td>{heardEvents(member)}</Table.Td>
                  <Table.Td>{channels(member)}</Table.Td>
                  <Table.Td>{modes(member)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
