import { Button, Group, Modal, Text } from '@mantine/core';
import { DEVELOPER_MESSAGES } from '@sente/contracts/developers';
import { MESSAGES } from '@sente/contracts/messages';
import { useGenerateKeys } from '../api/generate-keys.ts';

/** Generate New Keys, once the caller has read that the old keys stop working at once. */
export function GenerateKeysModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const generate = useGenerateKeys();
  return (
    <Modal opened={opened} onClose={onClose} title={MESSAGES.confirmTitle} centered size="sm">
      <Text>{DEVELOPER_MESSAGES.generateConfirm}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={generate.isPending}>
          Cancel
        </Button>
        <Button color="red.9" loading={generate.isPending} onClick={() => generate.mutate(undefined, { onSettled: onClose })}>
          Generate New Keys
        </Button>
      </Group>
    </Modal>
  );
}
