import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { BATCH_MESSAGES, type BatchRow, type PayoutBatch } from '@sente/contracts/payout-batches';
import type { BatchRowValues } from '@sente/contracts/payout-batches-check';
import { ApiError, errorMessage } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/notify.ts';
import { placeServerErrors } from '../../../../lib/server-errors.ts';
import { batchSteps, useBatchStep } from '../api/batch-actions.ts';
import { ROW_FIELD_LABELS, ROW_FIELDS, rowErrors, rowIssueErrors, rowValues } from './row-form-rules.ts';

type Props = { batch: PayoutBatch; row: BatchRow | null; onClose: () => void };

/** Mounted per row being edited, so its form starts from that row's values. */
export function RowEditModal({ batch, row, onClose }: Props) {
  return (
    <Modal opened={row !== null} onClose={onClose} title={row ? `Edit row ${row.row}` : 'Edit row'} centered size="lg">
      {row && <RowEditForm key={row.id} batch={batch} row={row} onClose={onClose} />}
    </Modal>
  );
}

/**
 * A row of a draft corrected in place: the five columns of the sheet, checked as they are typed with the rules the
 * API applies (checkRowAlone); saved, the API's row replaces it (with the checks across the batch and a new name
 * check), and a refusal says why under the field it names.
 */
function RowEditForm({ batch, row, onClose }: { batch: PayoutBatch; row: BatchRow; onClose: () => void }) {
  const save = useBatchStep(batch.id, batchSteps.editRow(batch.id));
  const form = useForm<BatchRowValues>({
    initialValues: rowValues(row),
    // The API's errors of the row show at once, those across the batch too (a reference used twice); typing rechecks.
    initialErrors: rowIssueErrors(row),
    validate: (values) => rowErrors(row.row, values, batch.max_amount),
    validateInputOnChange: true,
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { rowId: row.id, values },
      {
        onSuccess: ({ message }) => {
          notify.success(message ?? BATCH_MESSAGES.rowUpdated);
          onClose();
        },
        onError: (error) => {
          const { fields, other } = error instanceof ApiError ? placeServerErrors(error, ROW_FIELDS) : { fields: {}, other: [] };
          form.setErrors(fields);
          if (Object.keys(fields).length === 0) notify.error(errorMessage(error));
          for (const message of other) notify.error(message);
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {ROW_FIELDS.map((field) => (
            <TextInput
              key={form.key(field)}
              label={ROW_FIELD_LABELS[field]}
              required={field === 'phone' || field === 'amount' || field === 'name'}
              inputMode={field === 'phone' ? 'tel' : field === 'amount' ? 'numeric' : undefined}
              {...form.getInputProps(field)}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save row
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
