import { Badge, Button, Group, Text } from '@mantine/core';
import { formatDateTime } from '@sente/contracts/format';
import { APPROVAL_LABELS as L } from '@sente/contracts/movement-approvals';
import { shownTransferStatus, type TransferRow } from '@sente/contracts/transfers';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useCan, useProfile } from '../../../lib/profile.ts';
import { ApproveMovement, DeclineMovement, WithdrawMovement } from './movement-answers.tsx';

/** A movement held until a second member answers it (decision 067); declined or expired ones are rejected rows. */
export const isAwaitingApproval = (row: TransferRow) => row.status === 'pending' && row.approval?.status === 'awaiting';

/**
 * The status of a transfer as a badge; one awaiting approval has its own word and colour (violet.9 on its light tint
 * reads at more than 4.5:1), and says until when it waits. One that was answered says by whom (decision 071).
 */
export function TransferStatusBadge({ row }: { row: TransferRow }) {
  if (!isAwaitingApproval(row) || !row.approval) {
    const answer = row.approval?.answered_by ? row.approval : null;
    const status = answer?.status;
    return (
      <>
        <StatusBadge status={shownTransferStatus(row)} />
        {answer?.answered_by && (status === 'approved' || status === 'declined' || status === 'withdrawn') && (
          <Text size="xs" c="gray.7" mt={4}>
            {L.answeredBy(status, `${answer.answered_by.firstname} ${answer.answered_by.lastname}`.trim())}
          </Text>
        )}
      </>
    );
  }
  return (
    <>
      <Badge variant="light" color="violet" c="violet.9" radius="sm" miw="max-content">
        {L.awaiting}
      </Badge>
      <Text size="xs" c="gray.7" mt={4}>
        {L.expires(formatDateTime(row.approval.expires_at))}
      </Text>
    </>
  );
}

/** Whether the viewer may answer the movement: a member who may move money, never the one who asked for it. */
export function useMayAnswer(): (row: TransferRow) => boolean {
  const canMove = useCan('moveMoney');
  const { data: user } = useProfile();
  return (row) => canMove && isAwaitingApproval(row) && row.approval?.requested_by !== user?.user_id;
}

/**
 * Under an awaiting movement: Approve (with the wallet PIN) and Decline (with a reason) for a member who may answer it;
 * the member who asked reads that it waits for another, and may withdraw it (decision 071); members who may not move
 * money see only the badge.
 */
export function ApprovalActions({ row }: { row: TransferRow }) {
  return isAwaitingApproval(row) ? <AwaitingActions row={row} /> : null;
}

function AwaitingActions({ row }: { row: TransferRow }) {
  const [step, setStep] = useState<'approve' | 'decline' | null>(null);
  const canMove = useCan('moveMoney');
  const { data: user } = useProfile();
  const mayAnswer = useMayAnswer();
  if (!canMove) return null;
  if (!mayAnswer(row)) {
    return (
      <>
        <Text size="xs" c="gray.7" mt={4}>
          {L.waitingForOther}
        </Text>
        {row.approval?.requested_by === user?.user_id && <WithdrawMovement row={row} />}
      </>
    );
  }
  return (
    <>
      <Group gap="xs" mt="xs" wrap="nowrap">
        <Button size="compact-sm" leftSection={<IconCheck size={14} aria-hidden />} onClick={() => setStep('approve')}>
          {L.approve}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          color="red.9"
          leftSection={<IconX size={14} aria-hidden />}
          onClick={() => setStep('decline')}
        >
          {L.decline}
        </Button>
      </Group>
      {step === 'approve' && <ApproveMovement row={row} onClose={() => setStep(null)} />}
      <DeclineMovement row={row} opened={step === 'decline'} onClose={() => setStep(null)} />
    </>
  );
}
