import { Alert, Anchor } from '@mantine/core';
import { AWAITING_COUNT_LABELS as L } from '@sente/contracts/movement-approvals';
import { IconClock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAwaitingApproval } from '../../../lib/awaiting-approval.ts';

/**
 * The Overview's note of what waits for the member's approval (decision 071), linking to the Transfers list under its
 * Awaiting approval filter; nothing when nothing waits.
 */
export function AwaitingApprovalCard() {
  const counts = useAwaitingApproval(true);
  const total = counts.data?.total ?? 0;
  if (total === 0) return null;
  const to = counts.data?.movements ? '/settlements?status=awaiting_approval' : '/settlements?view=batches';
  return (
    <Alert color="violet" icon={<IconClock size={18} aria-hidden />} title={L.overviewTitle}>
      {L.overview(total)}{' '}
      <Anchor component={Link} to={to} c="violet.9" fw={600}>
        {L.open}
      </Anchor>
    </Alert>
  );
}
