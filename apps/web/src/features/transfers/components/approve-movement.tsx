import { APPROVAL_MESSAGES } from '@sente/contracts/movement-approvals';
import type { TransferRow } from '@sente/contracts/transfers';
import { errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useProfile } from '../../../lib/profile.ts';
import { useAnswerMovement } from '../api/movement-approvals.ts';
import { useWalletPin } from '../api/use-wallet-pin.ts';
import { useVerifyPin } from '../api/wallet-pin.ts';
import { AuthenticatePinModal, CreatePinModal } from '../pin/pin-modals.tsx';

/**
 * A second member's approval of a movement awaiting it (decision 067), in the steps every movement of money out takes
 * (a PIN is created first if the member has none): the PIN step shows what leaves, and Verify spends the single-use
 * token on the approval.
 */
export function ApproveMovement({ row, onClose }: { row: TransferRow; onClose: () => void }) {
  const { data: user } = useProfile();
  const account = user?.current_account;
  const environment = account?.api_keys.active_environment ?? 'test';
  const pin = useWalletPin(true, { accountId: account?.id ?? null, environment, userId: user?.user_id ?? null });
  const verifyPin = useVerifyPin();
  const approve = useAnswerMovement('approve', row.id);

  const verify = async (typed: string): Promise<boolean> => {
    if (!account) return false;
    const pinToken = await verifyPin.tokenFor(account.id, typed);
    if (pinToken === null) return false;
    try {
      const { message } = await approve.mutateAsync(pinToken);
      notify.success(message ?? APPROVAL_MESSAGES.approved);
    } catch (error) {
      notify.error(errorMessage(error));
    }
    onClose();
    return true;
  };

  const summary = {
    receiver: null,
    bank: null,
    phone: row.kind === 'payout' || row.kind === 'refund' ? row.counterparty : null,
    amount: row.amount,
    charge: row.kind === 'refund' ? null : row.charge,
    reason: row.reason,
  };
  return (
    <>
      <CreatePinModal opened={pin.needsPin} busy={pin.creating} onClose={onClose} onCreate={pin.createPin} />
      <AuthenticatePinModal
        summary={pin.pinKnown && !pin.needsPin ? summary : null}
        busy={verifyPin.isPending || approve.isPending}
        onClose={onClose}
        onVerify={verify}
      />
    </>
  );
}
