import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { BATCH_MESSAGES, rejectBatchInput } from '@sente/contracts/payout-batches';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { errorMessage } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/notify.ts';
import { batchSteps, useBatchStep } from '../api/batch-actions.ts';

type Props = { batchId: string; opened: boolean; onClose: () => void };

/** A batch refused by an approver, with the reason the maker will read (required). */
export function RejectBatchModal({ batchId, opened, onClose }: Props) {
  const reject = useBatchStep(batchId, batchSteps.reject(batchId));
  const form = useForm({ initialValues: { reason: '' }, validate: zod4Resolver(rejectBatchInput) });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(({ reason }) =>
    reject.mutate(reason.trim(), {
      onSuccess: ({ message }) => {
        notify.success(message ?? BATCH_MESSAGES.rejected);
        close();
      },
      onError: (error) => notify.error(errorMessage(error)),
    }),
  );
  return (
    <Modal opened={opened} onClose={close} title="Reject batch" centered>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Textarea
            label="Reason"
            description="The member who made the batch reads it."
            required
            autosize
            minRows={3}
            key={form.key('reason')}
            {...form.getInputProps('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" loading={reject.isPending}>
              Reject batch
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
