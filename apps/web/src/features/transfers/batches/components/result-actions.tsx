import { Button, Group } from '@mantine/core';
import { BATCH_MESSAGES, type PayoutBatch } from '@sente/contracts/payout-batches';
import { IconRepeat } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { DownloadButton } from '../../../../components/download-button.tsx';
import { errorMessage, routePath } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/notify.ts';
import { useRetryBatch } from '../api/batch-actions.ts';
import { batchPath } from './batch-list-labels.ts';

/** An approved batch: its result as a workbook (each row's provider reference or reason), and its failed rows again. */
export function ResultActions({ batch }: { batch: PayoutBatch }) {
  const navigate = useNavigate();
  const retry = useRetryBatch(batch.id);
  const payAgain = () =>
    retry.mutate(undefined, {
      onSuccess: (answer) => {
        notify.success(answer.message ?? BATCH_MESSAGES.retried);
        void navigate(batchPath(answer.data.id));
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  return (
    <Group gap="sm">
      <DownloadButton
        path={routePath('GET /api/payout-batches/:id/result', { params: { id: batch.id } })}
        fileName={`${batch.reference} result.xlsx`}
        label="Download result"
      />
      {batch.can.retry && batch.counts.failed > 0 && (
        <Button leftSection={<IconRepeat size={16} aria-hidden />} loading={retry.isPending} onClick={payAgain}>
          Pay failed rows again
        </Button>
      )}
    </Group>
  );
}
