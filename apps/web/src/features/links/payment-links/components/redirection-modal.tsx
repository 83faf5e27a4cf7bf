import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { redirectionForm } from '@sente/contracts/links';
import { TEXT_LIMITS } from '@sente/contracts/text-limits';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';

/**
 * Redirection modal: where customers land after paying. Add does nothing while the field is empty, and
 * checks the URL (http or https, as the server will on save) before the modal closes, so a wrong one is fixed here.
 */
export function RedirectionModal({
  opened,
  initialUrl,
  onClose,
  onAdd,
}: {
  opened: boolean;
  initialUrl: string;
  onClose: () => void;
  onAdd: (url: string) => void;
}) {
  const form = useForm({ initialValues: { redirect_url: initialUrl }, validate: zod4Resolver(redirectionForm) });
  const [wasOpened, setWasOpened] = useState(opened);
  // Each opening starts from the link's current redirect URL, without the last opening's message.
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) form.setValues({ redirect_url: initialUrl });
  }

  const submit = form.onSubmit(({ redirect_url }) => {
    onAdd(redirect_url.trim());
    onClose();
  });
  const add = () => {
    if (form.getValues().redirect_url.trim()) submit();
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Redirection" centered>
      <Stack gap="md">
        <Text size="sm">
          A redirect URL sends your customers to your own website after they pay, for example to a page that confirms their order.
        </Text>
        <TextInput
          label="Redirect URL"
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://yourshop.com/confirm-payment"
          maxLength={TEXT_LIMITS.redirectUrl.max}
          {...form.getInputProps('redirect_url')}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={add}>Add</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
