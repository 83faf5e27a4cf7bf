import { Button, Group, Modal, Text } from '@mantine/core';
import type { Environment } from '@sente/contracts/constants';
import { MESSAGES } from '@sente/contracts/messages';
import { useSetEnvironment } from '../api/set-environment.ts';
import { modeName } from './mode-toggle.tsx';

/** Spec §2: 'Confirm?' / 'Change mode to {mode}' / 'Change mode'. Success and failure toast from the mutation. */
export function ModeConfirmModal({ opened, target, onClose }: { opened: boolean; target: Environment; onClose: () => void }) {
  const setEnvironment = useSetEnvironment();
  return (
    <Modal opened={opened} onClose={onClose} title={MESSAGES.confirmTitle} centered size="sm">
      <Text>{MESSAGES.changeModeTo(modeName(target))}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={setEnvironment.isPending}>
          Cancel
        </Button>
        <Button
          loading={setEnvironment.isPending}
          onClick={() => setEnvironment.mutate({ environment: target }, { onSettled: onClose })}
        >
          {MESSAGES.changeMode}
        </Button>
      </Group>
    </Modal>
  );
}
