import { Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatMoney } from '@sente/contracts/format';
import { formatTypedPhone } from '@sente/contracts/payments';
import { type BankDetails, maskBankAccountNumber, newPinForm, pinField, WALLET_MESSAGES } from '@sente/contracts/wallet';
import { useState } from 'react';
import { CardDetail } from '../../../components/card-detail.tsx';
import { PinField } from '../../../components/pin-field.tsx';
import { ReasonHtml } from './reason-html.tsx';

/** Answers whether the PIN did its job; when it did not, the boxes empty for the next try. */
type PinHandler = (pin: string) => Promise<boolean>;

/** The PIN being typed; submit checks it against spec §5 and hands on only a 5-digit PIN. */
function usePinEntry(onPin: PinHandler) {
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string>();
  const reset = () => {
    setPin('');
    setError(undefined);
  };
  const submit = async () => {
    const result = pinField.safeParse(pin);
    setError(result.success ? undefined : result.error.issues[0]?.message);
    if (result.success && !(await onPin(result.data))) setPin('');
  };
  return { pin, setPin, error, submit, reset };
}

type CreateProps = { opened: boolean; busy: boolean; onClose: () => void; onCreate: PinHandler };
type NewPinErrors = { new_pin?: string; new_pin_confirmation?: string };

/**
 * The first PIN typed twice, as the profile's Wallet PIN page asks it (issue 27): submit checks both against spec §5
 * and each other, and hands on only a confirmed PIN. A mismatch says so and empties the confirmation for a new try.
 */
function useNewPinEntry(onPin: PinHandler) {
  const [pin, setPin] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<NewPinErrors>({});
  const reset = () => {
    setPin('');
    setConfirmation('');
    setErrors({});
  };
  // Typing in a row of boxes clears its message; the boxes also report a value they were given (an emptied
  // confirmation), which keeps it.
  const typed = (field: keyof NewPinErrors, current: string, set: (value: string) => void) => (value: string) => {
    if (value === current) return;
    set(value);
    setErrors((last) => ({ ...last, [field]: undefined }));
  };
  const submit = async () => {
    const result = newPinForm.safeParse({ new_pin: pin, new_pin_confirmation: confirmation });
    if (!result.success) {
      const found: NewPinErrors = {};
      for (const issue of result.error.issues) found[issue.path[0] as keyof NewPinErrors] ??= issue.message;
      setErrors(found);
      if (found.new_pin_confirmation === WALLET_MESSAGES.pinsDoNotMatch) setConfirmation('');
      return;
    }
    setErrors({});
    if (!(await onPin(result.data.new_pin))) reset();
  };
  return {
    pin,
    setPin: typed('new_pin', pin, setPin),
    confirmation,
    setConfirmation: typed('new_pin_confirmation', confirmation, setConfirmation),
    errors,
    submit,
    reset,
  };
}

/** Spec §2 'Create wallet PIN': 5 boxes (typed twice), Reset, and create. */
export function CreatePinModal({ opened, busy, onClose, onCreate }: CreateProps) {
  const { pin, setPin, confirmation, setConfirmation, errors, submit, reset } = useNewPinEntry(onCreate);
  return (
    <Modal opened={opened} onClose={onClose} title="Create wallet PIN" centered>
      <Stack>
        <Text size="sm" c="gray.7">
          Choose a 5-digit PIN and type it again to confirm it. You will enter it to confirm every transfer.
        </Text>
        <PinField label="New wallet PIN" value={pin} onChange={setPin} error={errors.new_pin} />
        <PinField
          label="Confirm wallet PIN"
          value={confirmation}
          onChange={setConfirmation}
          error={errors.new_pin_confirmation}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={reset}>
            Reset
          </Button>
          <Button onClick={submit} loading={busy}>
            Create PIN
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export type PinSummary = {
  receiver: { name: string; accountNumber: string } | null;
  /** The bank account a Request Transfer pays into (the account's first bank details). */
  bank: BankDetails | null;
  phone: string | null;
  amount: number;
  charge: number;
  reason: string;
};

type AuthProps = { summary: PinSummary | null; busy: boolean; onClose: () => void; onVerify: PinHandler };

/**
 * Spec §2 'Authenticate with PIN': who gets what (another account, the bank account, or a phone), the charge and the
 * reason as the transfers list shows it (sanitised HTML), then the PIN and Verify.
 */
export function AuthenticatePinModal({ summary, busy, onClose, onVerify }: AuthProps) {
  const { pin, setPin, error, submit } = usePinEntry(onVerify);
  return (
    <Modal opened={summary !== null} onClose={onClose} title="Authenticate with PIN" centered>
      {summary && (
        <Stack>
          <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
            {summary.receiver && (
              <>
                <CardDetail term="Receiver">{summary.receiver.name}</CardDetail>
                <CardDetail term="Account number">{summary.receiver.accountNumber}</CardDetail>
              </>
            )}
            {summary.bank && (
              <>
                <CardDetail term="Bank">{summary.bank.bank_name}</CardDetail>
                <CardDetail term="Account number">{maskBankAccountNumber(summary.bank.account_number)}</CardDetail>
                <CardDetail term="Account name" wide>
                  {summary.bank.account_name}
                </CardDetail>
              </>
            )}
            {summary.phone && <CardDetail term="Receiver phone">{formatTypedPhone(summary.phone)}</CardDetail>}
            <CardDetail term="Amount">{formatMoney(summary.amount)}</CardDetail>
            <CardDetail term="Transfer charge">{formatMoney(summary.charge)}</CardDetail>
            <CardDetail term="Reason" wide>
              <ReasonHtml html={summary.reason} />
            </CardDetail>
          </SimpleGrid>
          <PinField label="Wallet PIN" value={pin} onChange={setPin} error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button onClick={submit} loading={busy}>
              Verify
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
