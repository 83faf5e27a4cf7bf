import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@sente/contracts/format';
import { APPROVAL_LABELS } from '@sente/contracts/movement-approvals';
import { BATCH_MESSAGES, type PayoutBatch, rejectBatchInput } from '@sente/contracts/payout-batches';
import { BATCH_SCREEN_TEXT } from '@sente/contracts/payout-batches-labels';
import { IconArrowBackUp, IconCheck, IconClock, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { errorMessage } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/notify.ts';
import { useCan, useProfile } from '../../../../lib/profile.ts';
import { ApproveWithPin } from '../../components/approve-with-pin.tsx';
import { DeclineModal } from '../../components/decline-modal.tsx';
import { batchSteps, useBatchStep } from '../api/batch-actions.ts';
import { approveBlock } from './submit-block.ts';

/**
 * A batch awaiting approval. A member the API lets approve (never its maker) approves it with the wallet PIN, once every
 * name that does not match is accepted, or rejects it with a reason; anyone else reads that it waits, and until when;
 * its maker may withdraw it (decision 071).
 */
export function ApprovalActions({ batch }: { batch: PayoutBatch }) {
  const [step, setStep] = useState<'approve' | 'reject' | null>(null);
  const reasonId = useId();
  const canMove = useCan('moveMoney');
  const { data: user } = useProfile();
  const expires = batch.expires_at ? ` The request expires ${formatDateTime(batch.expires_at)}.` : '';
  if (!batch.can.approve && !batch.can.reject) {
    const isMaker = canMove && batch.maker !== null && batch.maker.id === user?.user_id;
    return (
      <Stack gap="xs">
        <Alert color="gray" icon={<IconClock size={18} aria-hidden />} title={BATCH_SCREEN_TEXT.waitingForApproval}>
          Another member who may move money approves the batch with their wallet PIN.{expires}
        </Alert>
        {isMaker && <WithdrawBatch batch={batch} />}
      </Stack>
    );
  }
  const blocked = approveBlock(batch.counts);
  return (
    <Stack gap="xs">
      <Group gap="sm">
        {batch.can.approve && (
          <Button
            leftSection={<IconCheck size={16} aria-hidden />}
            disabled={blocked !== null}
            aria-describedby={blocked ? reasonId : undefined}
            onClick={() => setStep('approve')}
          >
            Approve
          </Button>
        )}
        {batch.can.reject && (
          <Button variant="default" color="red.9" leftSection={<IconX size={16} aria-hidden />} onClick={() => setStep('reject')}>
            Reject
          </Button>
        )}
      </Group>
      {blocked && (
        <Text size="sm" c="gray.7" id={reasonId}>
          {blocked}
        </Text>
      )}
      {expires && (
        <Text size="xs" c="gray.7">
          {expires.trim()}
        </Text>
      )}
      {step === 'approve' && <ApproveBatch batch={batch} onClose={() => setStep(null)} />}
      <RejectBatch batchId={batch.id} opened={step === 'reject'} onClose={() => setStep(null)} />
    </Stack>
  );
}

/** The PIN step of a batch's approval: the total and its charges, which the approval holds at once; who made it, when. */
function ApproveBatch({ batch, onClose }: { batch: PayoutBatch; onClose: () => void }) {
  const approval = useBatchStep(batch.id, batchSteps.approve(batch.id));
  const submitted = batch.submitted_at ?? batch.created_at;
  const summary = {
    receiver: null,
    bank: null,
    phone: null,
    requestedBy: batch.maker ? APPROVAL_LABELS.askedBy(batch.maker.name, formatDateTime(submitted)) : null,
    amount: batch.total_amount,
    charge: batch.total_charges,
    reason: BATCH_SCREEN_TEXT.approveReason(batch.reference, batch.counts.rows),
  };
  return <ApproveWithPin summary={summary} approval={approval} approvedMessage={BATCH_MESSAGES.approved} onClose={onClose} />;
}

const REJECT_TEXTS = {
  title: BATCH_SCREEN_TEXT.rejectTitle,
  hint: BATCH_SCREEN_TEXT.rejectReasonHint,
  done: BATCH_MESSAGES.rejected,
};

function RejectBatch({ batchId, opened, onClose }: { batchId: string; opened: boolean; onClose: () => void }) {
  const reject = useBatchStep(batchId, batchSteps.reject(batchId));
  return <DeclineModal opened={opened} onClose={onClose} decline={reject} schema={rejectBatchInput} texts={REJECT_TEXTS} />;
}

/** Its maker takes a submitted batch back: a draft again, to correct or discard; nothing was held. */
function WithdrawBatch({ batch }: { batch: PayoutBatch }) {
  const withdraw = useBatchStep(batch.id, batchSteps.withdraw(batch.id));
  const hintId = useId();
  return (
    <Group gap="sm">
      <Button
        variant="default"
        leftSection={<IconArrowBackUp size={16} aria-hidden />}
        aria-describedby={hintId}
        loading={withdraw.isPending}
        onClick={() =>
          withdraw.mutate(undefined, {
            onSuccess: ({ message }) => notify.success(message ?? BATCH_MESSAGES.withdrawn),
            onError: (error) => notify.error(errorMessage(error)),
          })
        }
      >
        {BATCH_SCREEN_TEXT.withdraw}
      </Button>
      <Text size="sm" c="gray.7" id={hintId}>
        {BATCH_SCREEN_TEXT.withdrawHint}
      </Text>
    </Group>
  );
}
