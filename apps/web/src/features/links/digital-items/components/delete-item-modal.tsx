import { Button, Group, Modal, Text } from '@mantine/core';
import type { DigitalItem } from '@sente/contracts/links';
import { LINK_MESSAGES, MESSAGES } from '@sente/contracts/messages';
import classes from './delete-item-modal.module.css';

/** Deleting a digital item asks first. The item is hidden, so past sales keep their record. */
export function DeleteItemModal({
  item,
  deleting,
  onConfirm,
  onClose,
}: {
  item: DigitalItem | null;
  deleting: boolean;
  onConfirm: (item: DigitalItem) => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={item !== null} onClose={onClose} title={MESSAGES.confirmTitle} centered size="sm">
      {item && (
        <>
          <Text className={classes.message}>{LINK_MESSAGES.deleteDigitalItem(item.title)}</Text>
          <Text size="sm" c="gray.7" mt="xs">
            Its checkout link stops working. Past sales stay in your collections.
          </Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose} disabled={deleting}>
              Cancel
            </Button>
            <Button color="red.9" loading={deleting} onClick={() => onConfirm(item)}>
              Delete
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
