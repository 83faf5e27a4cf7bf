import { Button, Group, Modal, Text } from '@mantine/core';
import type { PaymentLink } from '@sente/contracts/links';
import { LINK_MESSAGES, MESSAGES } from '@sente/contracts/messages';
import classes from './status-confirm-modal.module.css';

export type StatusChange = { link: PaymentLink; disable: boolean };

/** 'Disable payment link: "{title}"?' or 'Enable payment link: "{title}"?' before the checkbox changes. */
export function StatusConfirmModal({
  change,
  onConfirm,
  onClose,
}: {
  change: StatusChange | null;
  onConfirm: (change: StatusChange) => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={change !== null} onClose={onClose} title={MESSAGES.confirmTitle} centered size="sm">
      {change && (
        <>
          <Text className={classes.message}>
            {change.disable
              ? LINK_MESSAGES.disablePaymentLink(change.link.title)
              : LINK_MESSAGES.enablePaymentLink(change.link.title)}
          </Text>
          {change.disable && (
            <Text size="sm" c="gray.7" mt="xs">
              Customers who open this link will not be able to pay until you enable it again.
            </Text>
          )}
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button color={change.disable ? 'red.9' : undefined} onClick={() => onConfirm(change)}>
              {change.disable ? 'Disable' : 'Enable'}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
