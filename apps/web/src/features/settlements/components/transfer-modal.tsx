import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { formatMoney } from '@sente/contracts/format';
import {
  WALLET_MESSAGES as M,
  OFFERED_TRANSFER_OPTIONS,
  payoutPhone,
  TRANSFER_OPTIONS,
  type TransferKind,
} from '@sente/contracts/wallet';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { MoneyInput } from '../../../components/money-input.tsx';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { profileKeys, useProfile } from '../../../lib/profile.ts';
import { moveMoney, verifyPin } from '../api/move-money.ts';
import { settlementKeys, useWalletSummary } from '../api/settlements.ts';
import { useWalletPin } from '../api/use-wallet-pin.ts';
import { MissingBankDetails } from './missing-bank-details.tsx';
import { AuthenticatePinModal, CreatePinModal, type PinSummary } from './pin-modals.tsx';

type Props = { opened: boolean; onClose: () => void; withPayout: boolean };
type Field = 'option' | 'account' | 'amount' | 'reason' | 'phone';
type Errors = Partial<Record<Field, string>>;

/**
 * Spec §2 Transfers modal and §4 transfer flow: choose how, amount and reason, Continue; a PIN is created first
 * if there is none; a wallet transfer looks up the receiver; the PIN step shows the charge, then Verify moves
 * the money with the single-use PIN token and one Idempotency-Key per attempt. A Request Transfer needs bank details
 * on file: their absence is said as soon as that option is chosen, and the PIN step names the account paid into.
 */
export function TransferModal({ opened, onClose, withPayout }: Props) {
  const queryClient = useQueryClient();
  const { data: user } = useProfile();
  const account = user?.current_account;
  const environment = account?.api_keys.active_environment ?? 'test';
  const balance =
    environment === 'test' ? (account?.userWallet.current_balance_sand_box ?? 0) : (account?.userWallet.current_balance ?? 0);
  const bank = account?.bank_details[0] ?? null;
  const summary = useWalletSummary(opened);
  const pin = useWalletPin(opened, { accountId: account?.id ?? null, userId: user?.user_id ?? null, environment });

  const [option, setOption] = useState<TransferKind | null>(withPayout ? 'payout' : null);
  const [accountNumber, setAccountNumber] = useState('');
  const [phone, setPhone] = useState('');
  const [amount, setAmount] = useState(0);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<(PinSummary & { recipientId: string | null }) | null>(null);
  const attemptKey = useRef<string | null>(null);

  const options = [...OFFERED_TRANSFER_OPTIONS, ...(withPayout ? (['payout'] as const) : [])].map((kind) => ({
    value: kind,
    label: TRANSFER_OPTIONS[kind],
  }));

  const close = () => {
    setConfirm(null);
    setErrors({});
    onClose();
  };

  /** A field's message goes as soon as it is changed; a new Continue judges the form again. */
  const edit =
    <T,>(field: Field, set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setErrors((current) => ({ ...current, [field]: undefined }));
    };

  const bankMissing = option === 'settlement' && bank === null;

  const validate = (): Errors => {
    const found: Errors = {};
    if (!option) found.option = M.selectPayoutOption;
    if (!Number.isInteger(amount) || amount <= 0 || amount > balance) found.amount = M.invalidAmount;
    if (!reason.trim()) found.reason = M.reasonMissing;
    if (option === 'wallet_transfer' && !accountNumber.trim()) found.account = M.accountNumberMissing;
    if (option === 'payout') {
      const checked = payoutPhone.safeParse(phone);
      if (!checked.success) found.phone = checked.error.issues[0]?.message;
    }
    return found;
  };

  const proceed = async () => {
    const found = validate();
    setErrors(found);
    if (Object.values(found).some(Boolean) || !option || bankMissing) return;
    const charge = summary.data?.charges[option] ?? 0;
    attemptKey.current = crypto.randomUUID();
    if (option !== 'wallet_transfer') {
      setConfirm({
        receiver: null,
        bank: option === 'settlement' ? bank : null,
        phone: option === 'payout' ? phone : null,
        amount,
        charge,
        reason,
        recipientId: null,
      });
      return;
    }
    setBusy(true);
    try {
      const found = await api<{ sente_account_id: string }>('/api/wallet/verify_sente_acc_number', {
        method: 'POST',
        body: { sente_account_number: accountNumber.trim() },
      });
      const recipientId = found.data.sente_account_id;
      const holder = await api<{ account_name: string; sente_account_number: string }>('/api/wallet/user_with_sente', {
        method: 'POST',
        body: { sente_account_id: recipientId },
      });
      setConfirm({
        receiver: { name: holder.data.account_name, accountNumber: holder.data.sente_account_number },
        bank: null,
        phone: null,
        amount,
        charge,
        reason,
        recipientId,
      });
    } catch (error) {
      notify.error(errorMessage(error, M.errorOccurred));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (pin: string): Promise<boolean> => {
    if (!confirm || !option || !account || !user) return false;
    setBusy(true);
    try {
      let pinToken: string;
      try {
        pinToken = await verifyPin(account.id, pin);
      } catch (error) {
        notify.error(errorMessage(error, M.pinVerifyError));
        return false;
      }
      const movement = { kind: option, accountId: account.id, userId: user.user_id, environment, amount, reason, phone };
      const answer = await moveMoney(
        { ...movement, recipientId: confirm.recipientId },
        pinToken,
        attemptKey.current ?? crypto.randomUUID(),
      );
      notify.success(answer.message ?? M.transferSuccessful);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: settlementKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ]);
      setAmount(0);
      setReason('');
      setAccountNumber('');
      setPhone('');
      close();
      return true;
    } catch (error) {
      notify.error(errorMessage(error, M.transactionFailed));
      return false;
    } finally {
      setBusy(false);
    }
  };

  // Spec §5: above the balance, 'Invalid Amount' shows under the field as soon as it is typed, and once.
  const amountError = errors.amount ?? (amount > balance ? M.invalidAmount : undefined);
  return (
    <>
      <Modal opened={opened && !pin.needsPin && confirm === null} onClose={close} title="Transfers" centered>
        <Stack>
          <Select
            label="Option"
            placeholder="Choose how to send"
            data={options}
            value={option}
            onChange={edit('option', (value: string | null) => setOption(value as TransferKind | null))}
            error={errors.option}
            allowDeselect={false}
          />
          {bankMissing && <MissingBankDetails />}
          <Text size="sm" data-testid="transfer-balance">
            Wallet balance{environment === 'test' ? ' (test)' : ''}: <strong>{formatMoney(balance)}</strong>
          </Text>
          {option === 'wallet_transfer' && (
            <TextInput
              label="Account number"
              value={accountNumber}
              onChange={(event) => edit('account', setAccountNumber)(event.currentTarget.value)}
              error={errors.account}
              inputMode="numeric"
            />
          )}
          {option === 'payout' && (
            <TextInput
              label="Receiver phone"
              type="tel"
              value={phone}
              onChange={(event) => edit('phone', setPhone)(event.currentTarget.value)}
              error={errors.phone}
            />
          )}
          <MoneyInput label="Amount" value={amount} onChange={edit('amount', setAmount)} error={amountError} />
          <Textarea
            label="Reason"
            value={reason}
            onChange={(event) => edit('reason', setReason)(event.currentTarget.value)}
            error={errors.reason}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
            <Button onClick={proceed} loading={busy} disabled={bankMissing}>
              Continue
            </Button>
          </Group>
        </Stack>
      </Modal>
      <CreatePinModal opened={opened && pin.needsPin} busy={pin.creating} onClose={close} onCreate={pin.createPin} />
      <AuthenticatePinModal summary={opened ? confirm : null} busy={busy} onClose={() => setConfirm(null)} onVerify={verify} />
    </>
  );
}
