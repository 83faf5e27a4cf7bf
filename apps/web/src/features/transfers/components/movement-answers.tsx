import { Button } from '@mantine/core';
import { formatDateTime } from '@sente/contracts/format';
import { APPROVAL_MESSAGES, APPROVAL_LABELS as L } from '@sente/contracts/movement-approvals';
import type { TransferRow } from '@sente/contracts/transfers';
import { declineMovementInput } from '@sente/contracts/transfers-input';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { mobileMoneyNameQueryOptions } from '../api/mobile-money-name.ts';
import { useAnswerMovement } from '../api/movement-approvals.ts';
import { ApproveWithPin } from './approve-with-pin.tsx';
import { DeclineModal } from './decline-modal.tsx';
import { creatorName } from './transfer-labels.ts';

/** A payout's or refund's number, whose registered name the approver reads before the PIN (as the maker did). */
const phoneOf = (row: TransferRow) => (row.kind === 'payout' || row.kind === 'refund' ? row.counterparty : null);

/**
 * The PIN step of a movement's approval: what leaves, to whom (a number's registered name, masked, looked up as the
 * payout's own name step does), who asked for it and when.
 */
export function ApproveMovement({ row, onClose }: { row: TransferRow; onClose: () => void }) {
  const approval = useAnswerMovement('approve', row.id);
  const phone = phoneOf(row);
  const name = useQuery({ ...mobileMoneyNameQueryOptions(phone ?? ''), enabled: phone !== null && phone !== '' });
  const summary = {
    receiver: null,
    bank: null,
    phone,
    registeredName: name.data?.masked_name ?? null,
    nameUnchecked: name.data?.check === 'unavailable',
    requestedBy: L.askedBy(creatorName(row), formatDateTime(row.created_at)),
    amount: row.amount,
    charge: row.kind === 'refund' ? null : row.charge,
    reason: row.reason,
  };
  return <ApproveWithPin summary={summary} approval={approval} approvedMessage={APPROVAL_MESSAGES.approved} onClose={onClose} />;
}

const DECLINE_TEXTS = { title: L.declineTitle, hint: L.declineReasonHint, done: APPROVAL_MESSAGES.declined };

export function DeclineMovement({ row, opened, onClose }: { row: TransferRow; opened: boolean; onClose: () => void }) {
  const decline = useAnswerMovement('decline', row.id);
  return <DeclineModal opened={opened} onClose={onClose} decline={decline} schema={declineMovementInput} texts={DECLINE_TEXTS} />;
}

/** The member who asked takes the movement back (decision 071): its money returns to the wallet at once. */
export function WithdrawMovement({ row }: { row: TransferRow }) {
  const withdraw = useAnswerMovement('withdraw', row.id);
  return (
    <Button
      size="compact-sm"
      variant="default"
      mt="xs"
      leftSection={<IconArrowBackUp size={14} aria-hidden />}
      loading={withdraw.isPending}
      onClick={() =>
        withdraw.mutate('', {
          onSuccess: ({ message }) => notify.success(message ?? APPROVAL_MESSAGES.withdrawn),
          onError: (error) => notify.error(errorMessage(error)),
        })
      }
    >
      {L.withdraw}
    </Button>
  );
}
