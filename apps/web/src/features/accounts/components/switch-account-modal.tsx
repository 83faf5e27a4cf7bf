import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { User } from '@sente/contracts/accounts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { AccountsTable } from './accounts-table.tsx';
import { NewAccountForm } from './new-account-form.tsx';

/**
 * The switch-account modal. With no current account (a brand-new user) it opens by itself and
 * cannot be dismissed until an account exists; with no account at all it starts on the form, titled for what it
 * does there: there is nothing to switch yet.
 */
export function SwitchAccountModal({ user, opened, onClose }: { user: User; opened: boolean; onClose: () => void }) {
  const [creating, setCreating] = useState(false);
  const required = user.current_account === null;
  const hasAccounts = user.staff_profiles.length > 0;
  const showForm = creating || !hasAccounts;

  const close = () => {
    setCreating(false);
    onClose();
  };

  return (
    <Modal
      opened={opened || required}
      onClose={close}
      title={hasAccounts ? 'Switch Account' : 'Create your business account'}
      size="lg"
      centered
      closeOnClickOutside={!required}
      closeOnEscape={!required}
      withCloseButton={!required}
    >
      <Stack gap="md">
        {required && (
          <Text size="sm">
            {hasAccounts
              ? 'Choose the business account to work in.'
              : 'Create your first business account to start collecting payments.'}
          </Text>
        )}
        {showForm ? (
          // The new account is current once created, so the dashboard behind is the new account's: nothing to choose.
          <NewAccountForm onDone={close} onCancel={hasAccounts ? () => setCreating(false) : undefined} />
        ) : (
          <>
            <AccountsTable user={user} onSwitched={close} />
            <Group justify="flex-end">
              <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
                New Account
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
