import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';

/** The decline call of a movement or a batch: it takes the reason and answers the server's words. */
export type Decline = {
  mutate: (
    reason: string,
    callbacks: { onSuccess: (answer: { message?: string | undefined }) => void; onError: (error: Error) => void },
  ) => void;
  isPending: boolean;
};

type Props = {
  opened: boolean;
  onClose: () => void;
  decline: Decline;
  /** The contract's schema of the reason, whose message a missing one shows. */
  schema: z.ZodType<{ reason: string }, { reason: string }>;
  texts: { title: string; hint: string; done: string };
};

/**
 * A held movement or a submitted batch declined by a second member, one modal for both (decision 071), with the
 * reason (required) the member who asked reads.
 */
export function DeclineModal({ opened, onClose, decline, schema, texts }: Props) {
  const form = useForm({ initialValues: { reason: '' }, validate: zod4Resolver(schema) });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(({ reason }) =>
    decline.mutate(reason.trim(), {
      onSuccess: ({ message }) => {
        notify.success(message ?? texts.done);
        close();
      },
      onError: (error) => notify.error(errorMessage(error)),
    }),
  );
  return (
    <Modal opened={opened} onClose={close} title={texts.title} centered>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Textarea
            label="Reason"
            description={texts.hint}
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
              {texts.title}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
