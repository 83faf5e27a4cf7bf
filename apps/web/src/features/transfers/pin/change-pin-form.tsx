import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import { changePinInput } from '@sente/contracts/transfers-input';
import { notify } from '../../../lib/notify.ts';
import { changePin } from '../api/pin-changes.ts';
import { NewPinFields } from './new-pin-fields.tsx';
import { PinField } from './pin-field.tsx';
import { usePinForm } from './use-pin-form.ts';

type Props = { accountId: string; accountName: string; onForgot: () => void; onDone: () => void };

/** The current PIN, then the new one twice; a forgotten PIN is reset with a code instead. */
export function ChangePinForm({ accountId, accountName, onForgot, onDone }: Props) {
  const form = usePinForm({ old_pin: '', new_pin: '', new_pin_confirmation: '' }, changePinInput, async (input) => {
    const answer = await changePin(accountId, input);
    notify.success(answer.message ?? M.pinChanged);
    onDone();
  });
  return (
    <Stack>
      <Text size="sm" c="gray.7">
        The PIN you enter to confirm transfers from {accountName}.
      </Text>
      <PinField label="Current PIN" {...form.boxes('old_pin')} />
      <NewPinFields boxes={form.boxes} />
      <Group justify="space-between" align="center">
        <Anchor component="button" type="button" size="sm" onClick={onForgot}>
          Forgot your PIN?
        </Anchor>
        <Button onClick={form.submit} loading={form.busy}>
          Change PIN
        </Button>
      </Group>
    </Stack>
  );
}
