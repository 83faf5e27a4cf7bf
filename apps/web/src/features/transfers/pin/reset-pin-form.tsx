import { Anchor, Button, Group, Input, PinInput, Stack, Text } from '@mantine/core';
import { OTP_LENGTH } from '@sente/contracts/constants';
import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import { resetPinInput } from '@sente/contracts/transfers-input';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { resetPin, sendPinResetCode } from '../api/pin-changes.ts';
import { NewPinFields } from './new-pin-fields.tsx';
import { ResendCode } from './resend-code.tsx';
import { usePinForm } from './use-pin-form.ts';

type Props = { accountId: string; accountName: string; email: string; onBack: () => void; onDone: () => void };

/**
 * A forgotten PIN: a 6-digit code is e-mailed to the member (it lasts 10 minutes, 5 tries), then the code
 * and the new PIN twice set it, without the old one and without an operator.
 */
export function ResetPinForm({ accountId, accountName, email, onBack, onDone }: Props) {
  const [sent, setSent] = useState<{ email: string; smsTo: string | null; at: number } | null>(null);
  const [sending, setSending] = useState(false);
  const form = usePinForm({ code: '', new_pin: '', new_pin_confirmation: '' }, resetPinInput, async (input) => {
    const answer = await resetPin(accountId, input);
    notify.success(answer.message ?? M.pinReset);
    onDone();
  });

  const send = async () => {
    setSending(true);
    try {
      const answer = await sendPinResetCode(accountId);
      setSent({
        email: answer.data.email,
        smsTo: answer.data.sms_to,
        at: new Date(answer.data.last_code_sent_at).getTime(),
      });
      notify.success(answer.message ?? M.pinResetCodeSent);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  const back = (
    <Anchor component="button" type="button" size="sm" onClick={onBack}>
      Back to Change PIN
    </Anchor>
  );

  if (!sent) {
    return (
      <Stack>
        <Text size="sm">
          We will e-mail a 6-digit code to <strong>{email}</strong>. With it you choose a new wallet PIN for {accountName}.
        </Text>
        <Group justify="space-between" align="center">
          {back}
          <Button onClick={() => void send()} loading={sending}>
            Send code
          </Button>
        </Group>
      </Stack>
    );
  }
  const code = form.boxes('code');
  return (
    <Stack>
      <Text size="sm">
        Enter the code we sent to <strong>{sent.email}</strong>. It works for 10 minutes.
        {sent.smsTo && ` ${M.pinResetCodeTexted(sent.smsTo)}`}
      </Text>
      <Input.Wrapper label="Code from the e-mail" error={code.error}>
        <PinInput
          length={OTP_LENGTH}
          type="number"
          oneTimeCode
          value={code.value}
          onChange={code.onChange}
          error={Boolean(code.error)}
          aria-label="Code from the e-mail"
          getInputProps={(index) => ({ 'aria-label': `Code digit ${index + 1}` })}
          mt={6}
        />
      </Input.Wrapper>
      <ResendCode sentAt={sent.at} sending={sending} onResend={() => void send()} />
      <NewPinFields boxes={form.boxes} />
      <Group justify="space-between" align="center">
        {back}
        <Button onClick={form.submit} loading={form.busy}>
          Reset PIN
        </Button>
      </Group>
    </Stack>
  );
}
