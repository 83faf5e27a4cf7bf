import { Button, Group, Stack, Text } from '@mantine/core';
import { BATCH_MESSAGES, type PayoutBatch } from '@sente/contracts/payout-batches';
import { IconSend, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/notify.ts';
import { batchSteps, useBatchStep, useDiscardBatch } from '../api/batch-actions.ts';
import { ConfirmModal } from './confirm-modal.tsx';
import { submitBlock } from './submit-block.ts';

/**
 * The maker's draft: Submit for approval once no row has an error, every name has its result and no number is blocked
 * (until then the button is disabled and says which), or Discard the draft.
 */
export function DraftActions({ batch }: { batch: PayoutBatch }) {
  const navigate = useNavigate();
  const reasonId = useId();
  const submit = useBatchStep(batch.id, batchSteps.submit(batch.id));
  const discard = useDiscardBatch(batch.id);
  const [discarding, setDiscarding] = useState(false);
  const blocked = submitBlock(batch.counts);

  const send = () =>
    submit.mutate(undefined, {
      onSuccess: ({ message }) => notify.success(message ?? BATCH_MESSAGES.submitted),
      onError: (error) => notify.error(errorMessage(error)),
    });
  const throwAway = () =>
    discard.mutate(undefined, {
      onSuccess: (answer) => {
        notify.success(answer.message ?? BATCH_MESSAGES.discarded);
        void navigate('/settlements?view=batches');
      },
      onError: (error) => notify.error(errorMessage(error)),
    });

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button
          leftSection={<IconSend size={16} aria-hidden />}
          disabled={blocked !== null || !batch.can.submit}
          loading={submit.isPending}
          onClick={send}
          aria-describedby={blocked ? reasonId : undefined}
        >
          Submit for approval
        </Button>
        <Button
          variant="default"
          color="red.9"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => setDiscarding(true)}
        >
          Discard draft
        </Button>
      </Group>
      {blocked && (
        <Text size="sm" c="gray.7" id={reasonId}>
          {blocked}
        </Text>
      )}
      <ConfirmModal
        opened={discarding}
        title="Discard this draft?"
        confirmLabel="Discard draft"
        danger
        busy={discard.isPending}
        onClose={() => setDiscarding(false)}
        onConfirm={throwAway}
      >
        The batch and its rows are deleted. Nothing has been paid.
      </ConfirmModal>
    </Stack>
  );
}
