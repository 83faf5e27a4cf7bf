import { Group, Paper, SegmentedControl, Stack, Title } from '@mantine/core';
import { BATCH_MESSAGES, BATCH_ROW_VIEWS, type BatchRow, type PayoutBatch } from '@sente/contracts/payout-batches';
import { BATCH_ROW_VIEW_LABELS, BATCH_SCREEN_TEXT } from '@sente/contracts/payout-batches-labels';
import { useState } from 'react';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { ErrorState } from '../../../../components/error-state.tsx';
import { LoadMore } from '../../../../components/load-more.tsx';
import { PageLoader } from '../../../../components/page-loader.tsx';
import { errorMessage } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/notify.ts';
import { batchSteps, useBatchStep } from '../api/batch-actions.ts';
import { batchBusy, type RowView, useBatchRows, useRowsAfterWork } from '../api/batches.ts';
import { BatchRowsTable } from './batch-rows-table.tsx';
import { ConfirmModal } from './confirm-modal.tsx';
import { RowEditModal } from './row-edit-modal.tsx';

const VIEWS = BATCH_ROW_VIEWS.map((value) => ({ value, label: BATCH_ROW_VIEW_LABELS[value] }));

/**
 * The batch's rows, all or only those with issues, names to look at or failures; read again with the batch while the
 * worker checks names or pays. The maker edits and removes a draft's rows; an approver accepts a name that does not
 * match, stating whom they confirm.
 */
export function BatchRows({ batch }: { batch: PayoutBatch }) {
  const [show, setShow] = useState<RowView>('all');
  const busy = batchBusy(batch);
  const rows = useBatchRows(batch.id, show, busy);
  useRowsAfterWork(batch.id, busy);
  const [editing, setEditing] = useState<BatchRow | null>(null);
  const [removing, setRemoving] = useState<BatchRow | null>(null);
  const [accepting, setAccepting] = useState<BatchRow | null>(null);
  const remove = useBatchStep(batch.id, batchSteps.removeRow(batch.id));
  const accept = useBatchStep(batch.id, batchSteps.acceptName(batch.id));
  const done = (close: () => void, fallback: string) => ({
    onSuccess: ({ message }: { message?: string | undefined }) => {
      notify.success(message ?? fallback);
      close();
    },
    onError: (error: Error) => notify.error(errorMessage(error)),
  });
  const approving = batch.status === 'submitted' && batch.can.approve;

  return (
    <Paper component="section" aria-labelledby="batch-rows-title" withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="batch-rows-title">
            Rows
          </Title>
          <SegmentedControl
            aria-label="Rows to show"
            value={show}
            onChange={(value) => setShow(value as RowView)}
            data={VIEWS}
            size="xs"
          />
        </Group>
        {rows.isPending ? (
          <PageLoader />
        ) : rows.error ? (
          <ErrorState error={rows.error} onRetry={rows.refetch} />
        ) : rows.items.length === 0 ? (
          <EmptyState message={BATCH_SCREEN_TEXT.noRowsInView} />
        ) : (
          <>
            <BatchRowsTable
              rows={rows.items}
              actions={{
                edit: batch.can.edit ? setEditing : null,
                remove: batch.can.edit ? setRemoving : null,
                acceptName: approving ? setAccepting : null,
              }}
            />
            <LoadMore hasMore={rows.hasMore} loading={rows.loadingMore} onLoad={rows.loadMore} />
          </>
        )}
      </Stack>
      <RowEditModal batch={batch} row={editing} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={removing !== null}
        title={removing ? `Remove row ${removing.row}?` : 'Remove row?'}
        confirmLabel="Remove row"
        danger
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(
            removing.id,
            done(() => setRemoving(null), BATCH_MESSAGES.rowRemoved),
          )
        }
      >
        {removing && `${removing.name || removing.phone} will not be paid in this batch.`}
      </ConfirmModal>
      <ConfirmModal
        opened={accepting !== null}
        title="Accept name"
        confirmLabel="Accept name"
        busy={accept.isPending}
        onClose={() => setAccepting(null)}
        onConfirm={() =>
          accepting &&
          accept.mutate(
            accepting.id,
            done(() => setAccepting(null), BATCH_MESSAGES.nameAccepted),
          )
        }
      >
        {accepting && BATCH_SCREEN_TEXT.acceptName(accepting.name, accepting.registered_name ?? 'unknown')}
      </ConfirmModal>
    </Paper>
  );
}
