import { Center, Loader, Modal } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state.tsx';
import { useProfile } from '../../../lib/profile.ts';
import { pinExistsQueryOptions, walletPinKeys } from '../api/wallet-pin.ts';
import { ChangePinForm } from './change-pin-form.tsx';
import { CreatePinForm } from './create-pin-form.tsx';
import { ResetPinForm } from './reset-pin-form.tsx';

type Props = { opened: boolean; onClose: () => void };

/**
 * The member's own wallet PIN on the current account. With a PIN: change it with the current one, or reset
 * a forgotten one with an e-mailed code. Without one: create it. Closing forgets what was typed.
 */
export function WalletPinModal({ opened, onClose }: Props) {
  const queryClient = useQueryClient();
  const { data: user } = useProfile();
  const account = user?.current_account ?? null;
  const exists = useQuery({ ...pinExistsQueryOptions(account?.id ?? null), enabled: opened && account !== null });
  const [resetting, setResetting] = useState(false);

  const close = () => {
    setResetting(false);
    onClose();
  };
  const done = () => {
    void queryClient.invalidateQueries({ queryKey: walletPinKeys.all });
    close();
  };

  const title =
    exists.data === undefined
      ? 'Wallet PIN'
      : !exists.data
        ? 'Create wallet PIN'
        : resetting
          ? 'Reset wallet PIN'
          : 'Change wallet PIN';
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      {!account || !user ? null : exists.isPending ? (
        <Center py="md">
          <Loader size="sm" aria-label="Loading" />
        </Center>
      ) : exists.isError ? (
        <ErrorState error={exists.error} onRetry={() => void exists.refetch()} />
      ) : !exists.data ? (
        <CreatePinForm accountId={account.id} userId={user.user_id} accountName={account.account_name} onDone={done} />
      ) : resetting ? (
        <ResetPinForm
          accountId={account.id}
          accountName={account.account_name}
          email={user.email}
          onBack={() => setResetting(false)}
          onDone={done}
        />
      ) : (
        <ChangePinForm
          accountId={account.id}
          accountName={account.account_name}
          onForgot={() => setResetting(true)}
          onDone={done}
        />
      )}
    </Modal>
  );
}
