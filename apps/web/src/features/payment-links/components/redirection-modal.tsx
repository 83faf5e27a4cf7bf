import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { redirectUrl } from '@sente/contracts/links';
import { useState } from 'react';

/**
 * Spec §2 Redirection modal: where customers land after paying. Add does nothing while the field is empty, and
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
  const [url, setUrl] = useState(initialUrl);
  const [error, setError] = useState<string | null>(null);
  const [wasOpened, setWasOpened] = useState(opened);
  // Each opening starts from the link's current redirect URL.
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setUrl(initialUrl);
      setError(null);
    }
  }

  const add = () => {
    const trimmed = url.trim();
    if (!trimmed) return;
    const checked = redirectUrl.safeParse(trimmed);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? null);
      return;
    }
    onAdd(trimmed);
    onClose();
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
          value={url}
          error={error}
          onChange={(event) => {
            setUrl(event.currentTarget.value);
            setError(null);
          }}
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
