import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** A step that cannot be undone (a removal) in red. */
  danger?: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** A step on a batch asked once more before it is taken: what it does, Cancel, and the step's own word. */
export function ConfirmModal({ opened, title, children, confirmLabel, danger = false, busy, onConfirm, onClose }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="sm">
      <Text size="sm">{children}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color={danger ? 'red.9' : undefined} loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
