import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import type { Environment } from '@sente/contracts/constants';
import { formatMoney } from '@sente/contracts/format';
import { PAYOUT_RULE_MESSAGES, payoutRuleRefusal } from '@sente/contracts/payout-rules';
import { TEXT_LIMITS } from '@sente/contracts/text-limits';
import {
  WALLET_MESSAGES as M,
  OFFERED_TRANSFER_OPTIONS,
  TRANSFER_MENU_LABELS,
  type TransferCharges,
} from '@sente/contracts/transfers';
import { mostSendable, transferForm } from '@sente/contracts/transfers-input';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { MoneyInput } from '../../../components/money-input.tsx';
import type { TransferFormKind } from '../api/move-money.ts';
import { usePayoutAllowance } from '../api/payout-rules.ts';
import { MissingBankDetails } from './missing-bank-details.tsx';

export type TransferDetails = { option: TransferFormKind | null; account: string; phone: string; amount: number; reason: string };
type TransferDetailsForm = UseFormReturnType<TransferDetails>;

/**
 * The Transfers form, checked against the balance it shows less the chosen option's charge. It lives as long as the
 * modal, so that going back from the PIN step finds it as it was left; a field's message goes as soon as that field
 * changes.
 */
/** `withPayout`: opened at `/settlements?option=payout`, with the payout already chosen. */
export function useTransferDetails(balance: number, charges: TransferCharges | null, withPayout: boolean): TransferDetailsForm {
  return useForm<TransferDetails>({
    initialValues: { option: withPayout ? 'payout' : null, account: '', phone: '', amount: 0, reason: '' },
    validate: zod4Resolver(transferForm(balance, charges)),
  });
}

type Props = {
  opened: boolean;
  form: TransferDetailsForm;
  balance: number;
  /** What each option costs (GET /api/wallet/charges), null until read. */
  charges: TransferCharges | null;
  environment: Environment;
  bankMissing: boolean;
  busy: boolean;
  onClose: () => void;
  onContinue: (details: TransferDetails & { option: TransferFormKind }) => void;
};

/** Transfers modal, step 1: choose how, to whom, the amount and the reason, then Continue. */
export function TransferDetailsStep({
  opened,
  form,
  balance,
  charges,
  environment,
  bankMissing,
  busy,
  onClose,
  onContinue,
}: Props) {
  const options = OFFERED_TRANSFER_OPTIONS.map((kind) => ({ value: kind, label: TRANSFER_MENU_LABELS[kind] }));
  const { option, amount } = form.values;
  // Decision 058: above what can be sent (the balance less the option's charge), the most that can be sent shows
  // under the field as soon as it is typed, and once, before the PIN step rather than 'Invalid Amount' after it.
  const charge = option && charges ? charges[option] : null;
  const most = mostSendable(balance, charge ?? 0);
  // Decision 065: the account's caps (per payout, per day, per member per day) and what was sent today say what may be
  // sent, and an amount over them is refused here with the rule named, before the PIN; the server checks them again.
  const allowance = usePayoutAllowance(opened).data ?? null;
  const overRule = (value: number) =>
    allowance && Number.isInteger(value) && value > 0
      ? payoutRuleRefusal(allowance, value, { account: allowance.sent_today, member: allowance.sent_today_by_you })
      : null;
  const amountError =
    form.errors.amount ??
    (Number.isInteger(amount) && amount > most ? M.amountAboveMost(most, charge ?? 0) : (overRule(amount) ?? undefined));
  const submit = form.onSubmit((details) => {
    const refusal = overRule(details.amount);
    if (refusal) return form.setFieldError('amount', refusal);
    if (details.option && !bankMissing) onContinue({ ...details, option: details.option });
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Transfers" centered>
      <Stack>
        <Select
          label="Option"
          placeholder="Choose how to send"
          data={options}
          {...form.getInputProps('option')}
          onChange={(value) => {
            form.getInputProps('option').onChange(value);
            // Another option has another charge: a message about the most that could be sent is recomputed below.
            if (form.errors.amount !== M.invalidAmount) form.clearFieldError('amount');
          }}
          allowDeselect={false}
        />
        {bankMissing && <MissingBankDetails />}
        <Text size="sm" data-testid="transfer-balance">
          Wallet balance{environment === 'test' ? ' (test)' : ''}: <strong>{formatMoney(balance)}</strong>
        </Text>
        {allowance && allowance.most !== null && (
          <Text size="sm" data-testid="transfer-allowance">
            {PAYOUT_RULE_MESSAGES.allowance(allowance.most)}
          </Text>
        )}
        {option === 'wallet_transfer' && (
          <TextInput
            label="Account number"
            maxLength={TEXT_LIMITS.walletAccountNumber.max}
            {...form.getInputProps('account')}
            inputMode="numeric"
          />
        )}
        {option === 'payout' && <TextInput label="Receiver phone" type="tel" {...form.getInputProps('phone')} />}
        <MoneyInput
          label="Amount"
          value={amount}
          onChange={(value) => form.setFieldValue('amount', value)}
          description={charge === null ? undefined : M.transferMost(most, charge)}
          error={amountError}
        />
        <Textarea label="Reason" maxLength={TEXT_LIMITS.transferReason.max} {...form.getInputProps('reason')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => submit()} loading={busy} disabled={bankMissing}>
            Continue
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
