import { formatMoney } from '@sente/contracts/format';
import { APPROVAL_LABELS as L } from '@sente/contracts/movement-approvals';
import { NAME_CHECK_MESSAGES } from '@sente/contracts/name-check';
import { needsApproval } from '@sente/contracts/payout-rules';
import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useProfile } from '../../../lib/profile.ts';
import { useMobileMoneyName } from '../api/mobile-money-name.ts';
import { type TransferFormKind, useFindReceiver, useMoveMoney } from '../api/move-money.ts';
import { usePayoutRules } from '../api/payout-rules.ts';
import { useWalletSummary } from '../api/settlements.ts';
import { useWalletPin } from '../api/use-wallet-pin.ts';
import { useVerifyPin } from '../api/wallet-pin.ts';
import { AuthenticatePinModal, CreatePinModal, type PinSummary } from '../pin/pin-modals.tsx';
import { type TransferDetails, TransferDetailsStep, useTransferDetails } from './transfer-details-step.tsx';

type Props = { opened: boolean; onClose: () => void; withPayout: boolean };

/** What the PIN step shows, and what Verify sends: one Idempotency-Key per Continue, for every retry of it. */
type Confirmation = PinSummary & { kind: TransferFormKind; recipientId: string | null; idempotencyKey: string };

/**
 * The Transfers modal and the transfer flow, one modal per step: a PIN is created first if there is none; then
 * how, amount and reason, Continue; a wallet transfer looks up the receiver; the PIN step shows the charge, then
 * Verify moves the money with the single-use PIN token. A Request Transfer needs bank details on file: their absence
 * is said as soon as that option is chosen, and the PIN step names the account paid into. A payout to mobile money
 * (decision 064) asks who holds the number first: the PIN step shows the registered name masked, or warns that it could
 * not be checked; a number not registered or barred is said under the phone and goes no further. Above the account's
 * approval threshold the PIN step says the movement will wait for a second member (decision 071).
 */
export function TransferModal({ opened, onClose, withPayout }: Props) {
  const { data: user } = useProfile();
  const account = user?.current_account;
  const environment = account?.api_keys.active_environment ?? 'test';
  const balance =
    environment === 'test' ? (account?.userWallet.current_balance_sand_box ?? 0) : (account?.userWallet.current_balance ?? 0);
  const bank = account?.bank_details[0] ?? null;
  const summary = useWalletSummary(opened);
  const pin = useWalletPin(opened, { accountId: account?.id ?? null, environment, userId: user?.user_id ?? null });
  const form = useTransferDetails(balance, summary.data?.charges ?? null, withPayout);
  const findReceiver = useFindReceiver();
  const mobileMoneyName = useMobileMoneyName();
  const verifyPin = useVerifyPin();
  const moveMoney = useMoveMoney();
  const rules = usePayoutRules();
  const [confirm, setConfirm] = useState<Confirmation | null>(null);

  const bankMissing = form.values.option === 'settlement' && bank === null;

  const close = () => {
    setConfirm(null);
    form.clearErrors();
    onClose();
  };

  const proceed = ({ option, account: accountNumber, phone, amount, reason }: TransferDetails & { option: TransferFormKind }) => {
    const confirmation: Confirmation = {
      kind: option,
      receiver: null,
      bank: option === 'settlement' ? bank : null,
      phone: option === 'payout' ? phone : null,
      amount,
      charge: summary.data?.charges[option] ?? 0,
      reason,
      heldForApproval:
        rules.data && needsApproval(rules.data, amount) ? L.willBeHeld(formatMoney(rules.data.approval_threshold)) : null,
      recipientId: null,
      idempotencyKey: crypto.randomUUID(),
    };
    if (option === 'payout') return checkName(confirmation);
    if (option !== 'wallet_transfer') return setConfirm(confirmation);
    findReceiver.mutate(accountNumber, {
      onSuccess: ({ recipientId, name, accountNumber: number }) =>
        setConfirm({ ...confirmation, receiver: { name, accountNumber: number }, recipientId }),
      onError: (error) => notify.error(errorMessage(error, M.errorOccurred)),
    });
  };

  const checkName = (confirmation: Confirmation) =>
    mobileMoneyName.mutate(confirmation.phone ?? '', {
      onSuccess: ({ check, masked_name }) => {
        if (check === 'not_registered' || check === 'barred') {
          return form.setFieldError('phone', check === 'barred' ? NAME_CHECK_MESSAGES.barred : NAME_CHECK_MESSAGES.notRegistered);
        }
        setConfirm({ ...confirmation, registeredName: masked_name, nameUnchecked: check === 'unavailable' });
      },
      // The server reads the number as the payout does: its refusal belongs under the phone.
      onError: (error) =>
        error instanceof ApiError && error.status === 400
          ? form.setFieldError('phone', errorMessage(error, M.errorOccurred))
          : notify.error(errorMessage(error, M.errorOccurred)),
    });

  const verify = async (typed: string): Promise<boolean> => {
    if (!confirm || !account || !user) return false;
    const pinToken = await verifyPin.tokenFor(account.id, typed);
    if (pinToken === null) return false;
    const { kind, amount, reason, phone, recipientId, idempotencyKey } = confirm;
    const movement = {
      kind,
      accountId: account.id,
      userId: user.user_id,
      environment,
      amount,
      reason,
      phone: phone ?? '',
      recipientId,
    };
    try {
      const answer = await moveMoney.mutateAsync({ movement, pinToken, idempotencyKey });
      notify.success(answer.message ?? M.transferSuccessful);
    } catch (error) {
      notify.error(errorMessage(error, M.transactionFailed));
      return false;
    }
    form.setValues({ account: '', phone: '', amount: 0, reason: '' });
    close();
    return true;
  };

  return (
    <>
      <TransferDetailsStep
        opened={opened && pin.pinKnown && !pin.needsPin && confirm === null}
        form={form}
        balance={balance}
        charges={summary.data?.charges ?? null}
        environment={environment}
        bankMissing={bankMissing}
        busy={findReceiver.isPending || mobileMoneyName.isPending}
        onClose={close}
        onContinue={proceed}
      />
      <CreatePinModal opened={opened && pin.needsPin} busy={pin.creating} onClose={close} onCreate={pin.createPin} />
      <AuthenticatePinModal
        summary={opened ? confirm : null}
        busy={verifyPin.isPending || moveMoney.isPending}
        onClose={() => setConfirm(null)}
        onVerify={verify}
      />
    </>
  );
}
