import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { APPROVAL_MESSAGES, APPROVAL_LABELS as L } from '@sente/contracts/movement-approvals';
import { declineMovementInput } from '@sente/contracts/transfers-input';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useAnswerMovement } from '../api/movement-approvals.ts';

type Props = { transferId: string; opened: boolean; onClose: () => void };

/** A movement awaiting approval declined by a second member, with the reason the member who asked reads (required). */
export function DeclineMovementModal({ transferId, opened, onClose }: Props) {
  const decline = useAnswerMovement('decline', transferId);
  const form = useForm({ initialValues: { reason: '' }, validate: zod4Resolver(declineMovementInput) });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(({ reason }) =>
    decline.mutate(reason.trim(), {
      onSuccess: ({ message }) => {
        notify.success(message ?? APPROVAL_MESSAGES.declined);
        close();
      },
      onError: (error) => notify.error(errorMessage(error)),
    }),
  );
  return (
    <Modal opened={opened} onClose={close} title={L.declineTitle} centered>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Textarea
            label="Reason"
            description={L.declineReasonHint}
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
            <Button type="submit" color="red.9" loading={decline.isPending}>
              {L.declineTitle}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
