import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { formatMoney } from '@sente/contracts/format';
import { NAME_CHECK_MESSAGES } from '@sente/contracts/name-check';
import { formatPhone } from '@sente/contracts/payments';
import { maskBankAccountNumber, WALLET_MESSAGES } from '@sente/contracts/transfers';
import { type BankDetails, newPinForm, verifyPinInput } from '@sente/contracts/transfers-input';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { CardDetail } from '../../../components/card-detail.tsx';
import { ReasonHtml } from '../../../components/reason-html.tsx';
import { PinField } from './pin-field.tsx';

/** Answers whether the PIN did its job; when it did not, the boxes empty for the next try. */
type PinHandler = (pin: string) => Promise<boolean>;

/** First message of a field first, as the PIN's rules order them ('cannot be empty' before 'must be exactly 5 digits'). */
const FIRST = { errorPriority: 'first' } as const;

/** The contract's messages, which are all a zod resolver puts in a form's errors. */
type Messages<Field extends string> = Partial<Record<Field, string>>;

/**
 * The PIN being typed; submit checks it against the PIN's rules and hands on only a 5-digit PIN. Its message stays while
 * the boxes are typed in, until the next submit.
 */
function usePinEntry(onPin: PinHandler) {
  const form = useForm({
    initialValues: { pin: '' },
    validate: zod4Resolver(verifyPinInput, FIRST),
    clearInputErrorOnChange: false,
  });
  const submit = form.onSubmit(async ({ pin }) => {
    if (!(await onPin(pin.trim()))) form.setFieldValue('pin', '');
  });
  return {
    pin: form.values.pin,
    setPin: (pin: string) => form.setFieldValue('pin', pin),
    error: (form.errors as Messages<'pin'>).pin,
    submit,
  };
}

type CreateProps = { opened: boolean; busy: boolean; onClose: () => void; onCreate: PinHandler };
type NewPinField = 'new_pin' | 'new_pin_confirmation';

/**
 * The first PIN typed twice, as the profile's Wallet PIN page asks it: submit checks both against the PIN's rules
 * and each other, and hands on only a confirmed PIN. A mismatch says so and empties the confirmation for a new try.
 */
function useNewPinEntry(onPin: PinHandler) {
  const form = useForm({
    initialValues: { new_pin: '', new_pin_confirmation: '' },
    validate: zod4Resolver(newPinForm, FIRST),
  });
  // Typing in a row of boxes clears its message; the boxes also report a value they were given (an emptied
  // confirmation), which keeps it.
  const typed = (field: NewPinField) => (value: string) => {
    if (value !== form.getValues()[field]) form.setFieldValue(field, value);
  };
  const submit = form.onSubmit(
    async ({ new_pin }) => {
      if (!(await onPin(new_pin.trim()))) form.reset();
    },
    (errors) => {
      if (errors.new_pin_confirmation !== WALLET_MESSAGES.pinsDoNotMatch) return;
      // Emptying a field clears the form's messages: they are put back after it.
      form.setValues({ new_pin_confirmation: '' });
      form.setErrors(errors);
    },
  );
  return {
    pin: form.values.new_pin,
    setPin: typed('new_pin'),
    confirmation: form.values.new_pin_confirmation,
    setConfirmation: typed('new_pin_confirmation'),
    errors: form.errors as Messages<NewPinField>,
    submit,
    reset: form.reset,
  };
}

/** 'Create wallet PIN': 5 boxes (typed twice), Reset, and create. */
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
          <Button onClick={() => submit()} loading={busy}>
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
  /** A payout's name step: the name registered behind the phone, masked; null when none was given. */
  registeredName?: string | null;
  /** A payout whose name could not be checked: the PIN step warns before the money goes. */
  nameUnchecked?: boolean;
  /** An approver's PIN step (decision 071): who asked for the movement or made the batch, and when. */
  requestedBy?: string | null;
  /** A movement above the approval threshold: the PIN step says it will wait for a second member. */
  heldForApproval?: string | null;
  amount: number;
  /** What the movement costs on top; null where there is no charge to speak of (a refund of a payment). */
  charge: number | null;
  reason: string;
};

type AuthProps = { summary: PinSummary | null; busy: boolean; onClose: () => void; onVerify: PinHandler };

/**
 * 'Authenticate with PIN', for a transfer and for a refund (decision 053): who gets what (another account,
 * the bank account, or a phone), the charge and the reason as the transfers list shows it (sanitised HTML), then the
 * PIN and Verify.
 */
export function AuthenticatePinModal({ summary, busy, onClose, onVerify }: AuthProps) {
  const { pin, setPin, error, submit } = usePinEntry(onVerify);
  return (
    <Modal opened={summary !== null} onClose={onClose} title="Authenticate with PIN" centered>
      {summary && (
        <Stack>
          {summary.requestedBy && <Text size="sm">{summary.requestedBy}</Text>}
          {summary.heldForApproval && (
            <Alert color="violet" icon={<IconClock size={16} aria-hidden />}>
              {summary.heldForApproval}
            </Alert>
          )}
          {summary.registeredName && (
            <Text size="sm">
              {NAME_CHECK_MESSAGES.registeredName}: <strong>{summary.registeredName}</strong>
            </Text>
          )}
          {summary.nameUnchecked && (
            <Alert color="yellow" icon={<IconAlertTriangle size={16} aria-hidden />}>
              {NAME_CHECK_MESSAGES.unavailable}
            </Alert>
          )}
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
            {summary.phone && <CardDetail term="Receiver phone">{formatPhone(summary.phone)}</CardDetail>}
            <CardDetail term="Amount">{formatMoney(summary.amount)}</CardDetail>
            {summary.charge !== null && <CardDetail term="Transfer charge">{formatMoney(summary.charge)}</CardDetail>}
            <CardDetail term="Reason" wide>
              <ReasonHtml html={summary.reason} />
            </CardDetail>
          </SimpleGrid>
          <PinField label="Wallet PIN" value={pin} onChange={setPin} error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button onClick={() => submit()} loading={busy}>
              Verify
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
