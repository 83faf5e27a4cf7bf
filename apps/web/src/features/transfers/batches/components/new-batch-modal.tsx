import { Alert, Button, FileInput, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { BATCH_MESSAGES } from '@sente/contracts/payout-batches';
import { BATCH_SCREEN_TEXT } from '@sente/contracts/payout-batches-labels';
import { IconAlertTriangle, IconFileSpreadsheet } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { DownloadButton } from '../../../../components/download-button.tsx';
import { ApiError, routePath } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/notify.ts';
import { useUploadBatch } from '../api/batch-actions.ts';
import { batchPath } from './batch-list-labels.ts';
import { referenceProblem, SHEET_ACCEPT, sheetProblem } from './sheet-file.ts';

type Values = { reference: string; file: File | null };

/** Every message of a refused sheet: the server lists them all (a missing column, too many rows). */
const messagesOf = (error: Error) => (error instanceof ApiError && error.errors.length > 1 ? error.errors : [error.message]);

/**
 * A new batch from a sheet: its reference (optional), the file (CSV or .xlsx, at most 2 MB: a larger or other file is
 * refused here, before any upload), and the templates to start from. Uploaded, the batch's page opens while its rows
 * and names are checked; a sheet the server refuses says why above the buttons.
 */
export function NewBatchModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const upload = useUploadBatch();
  const form = useForm<Values>({
    initialValues: { reference: '', file: null },
    validate: { file: sheetProblem, reference: referenceProblem },
    validateInputOnChange: ['file'],
  });
  const close = () => {
    form.reset();
    upload.reset();
    onClose();
  };
  const send = form.onSubmit(({ reference, file }) => {
    if (!file) return;
    upload.mutate(
      { file, reference },
      {
        onSuccess: (answer) => {
          notify.success(answer.message ?? BATCH_MESSAGES.uploaded);
          close();
          void navigate(batchPath(answer.data.id));
        },
      },
    );
  });

  return (
    <Modal opened={opened} onClose={close} title="New payout batch" centered size="lg">
      <form noValidate onSubmit={send}>
        <Stack gap="md">
          <TextInput
            label="Batch reference"
            description="Optional: a name you will know the batch by, such as 'Teachers November'."
            {...form.getInputProps('reference')}
            key={form.key('reference')}
          />
          <FileInput
            label="Sheet"
            description={BATCH_SCREEN_TEXT.fileHint}
            accept={SHEET_ACCEPT}
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            {...form.getInputProps('file')}
            key={form.key('file')}
          />
          <div>
            <Text size="sm" fw={500}>
              Templates
            </Text>
            <Group gap="xs">
              <DownloadButton
                path={routePath('GET /api/payout-batches/template', { query: { format: 'csv' } })}
                fileName="payout-batch-template.csv"
                label="CSV template"
                variant="subtle"
              />
              <DownloadButton
                path={routePath('GET /api/payout-batches/template', { query: { format: 'xlsx' } })}
                fileName="payout-batch-template.xlsx"
                label="Excel template"
                variant="subtle"
              />
            </Group>
          </div>
          {upload.error && (
            <Alert color="red" icon={<IconAlertTriangle />} title="The sheet was not accepted" role="alert">
              <List size="sm">
                {messagesOf(upload.error).map((message) => (
                  <List.Item key={message}>{message}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={upload.isPending}>
              Upload
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
