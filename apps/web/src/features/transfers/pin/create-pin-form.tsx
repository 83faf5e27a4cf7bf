import { Button, Group, Stack, Text } from '@mantine/core';
import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import { newPinForm } from '@sente/contracts/transfers-input';
import { useMoneyScope } from '../../../lib/money-scope.ts';
import { notify } from '../../../lib/notify.ts';
import { createPin } from '../api/wallet-pin.ts';
import { NewPinFields } from './new-pin-fields.tsx';
import { usePinForm } from './use-pin-form.ts';

type Props = { accountId: string; userId: string | null; accountName: string; onDone: () => void };

/** No PIN on this account yet: the first one, typed twice (set_pin). */
export function CreatePinForm({ accountId, userId, accountName, onDone }: Props) {
  const { environment } = useMoneyScope();
  const form = usePinForm({ new_pin: '', new_pin_confirmation: '' }, newPinForm, async (input) => {
    const answer = await createPin({ accountId, environment }, userId, input.new_pin);
    notify.success(answer.message ?? M.pinCreated);
    onDone();
  });
  return (
    <Stack>
      <Text size="sm" c="gray.7">
        You have no wallet PIN on {accountName} yet. Choose a 5-digit PIN: you will enter it to confirm every transfer.
      </Text>
      <NewPinFields boxes={form.boxes} />
      <Group justify="flex-end">
        <Button onClick={form.submit} loading={form.busy}>
          Create PIN
        </Button>
      </Group>
    </Stack>
  );
}
