import { Alert, List } from '@mantine/core';
import { formatMoney } from '@sente/contracts/format';
import { APPROVAL_LABELS as L } from '@sente/contracts/movement-approvals';
import { IconClock } from '@tabler/icons-react';
import { useCan } from '../../../lib/profile.ts';
import { usePendingTransfers } from '../api/settlements.ts';
import { creatorName, movementLabel } from './transfer-labels.ts';
import { useMayAnswer } from './transfer-status.tsx';

/**
 * Above the Transfers list: the movements awaiting approval that the viewer may answer (decision 067), read from the
 * pending transfers; each is answered from its row in the list.
 */
export function AwaitingApprovalNotice() {
  const canMove = useCan('moveMoney');
  const pending = usePendingTransfers(canMove);
  const mayAnswer = useMayAnswer();
  const yours = pending.items.filter(mayAnswer);
  if (yours.length === 0) return null;
  return (
    <Alert color="violet" icon={<IconClock size={18} aria-hidden />} title={L.awaitingYours(yours.length)}>
      <List size="sm" spacing={2}>
        {yours.map((row) => (
          <List.Item key={row.id}>
            {formatMoney(row.amount, row.currency)}: {movementLabel(row)}, asked by {creatorName(row)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
