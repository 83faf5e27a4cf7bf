import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Environment } from '@sente/contracts/constants';
import { MESSAGES } from '@sente/contracts/messages';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSetEnvironment } from '../api/set-environment.ts';
import { modeName } from './mode-toggle.tsx';

/**
 * 'Confirm?' / 'Change mode to {mode}' / 'Change mode'. Success and failure toast from the mutation. When
 * live mode is refused because the account is not approved yet, the modal stays open and leads to Business Details,
 * where what the approval needs is entered (the toast alone closed before it could be acted on).
 */
export function ModeConfirmModal({ opened, target, onClose }: { opened: boolean; target: Environment; onClose: () => void }) {
  const setEnvironment = useSetEnvironment();
  const [notApproved, setNotApproved] = useState(false);
  const close = () => {
    setNotApproved(false);
    onClose();
  };
  const change = () =>
    setEnvironment.mutate(
      { environment: target },
      {
        onSuccess: close,
        onError: (error) => (error.message === MESSAGES.environmentNotApproved ? setNotApproved(true) : close()),
      },
    );

  return (
    <Modal opened={opened} onClose={close} title={MESSAGES.confirmTitle} centered size="sm">
      {notApproved ? (
        <Stack gap="sm">
          <Text fw={600}>Live mode opens once we approve your account.</Text>
          <Text size="sm">
            Complete your business details, bank details and compliance documents on Business Details; we review them and approve
            the account.
          </Text>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button component={Link} to="/business-details" onClick={close}>
              Open Business Details
            </Button>
          </Group>
        </Stack>
      ) : (
        <>
          <Text>{MESSAGES.changeModeTo(modeName(target))}</Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={close} disabled={setEnvironment.isPending}>
              Cancel
            </Button>
            <Button loading={setEnvironment.isPending} onClick={change}>
              {MESSAGES.changeMode}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
