import { BATCH_MESSAGES, type PayoutBatch } from '@sente/contracts/payout-batches';
import { errorMessage } from '../../../../lib/api-client.ts';
import { notify } from '../../../../lib/notify.ts';
import { useProfile } from '../../../../lib/profile.ts';
import { useWalletPin } from '../../api/use-wallet-pin.ts';
import { useVerifyPin } from '../../api/wallet-pin.ts';
import { AuthenticatePinModal, CreatePinModal } from '../../pin/pin-modals.tsx';
import { batchSteps, useBatchStep } from '../api/batch-actions.ts';

/**
 * An approval with the approver's wallet PIN, in the steps every movement of money out takes (a PIN is created first if
 * the member has none): the PIN step shows the total and its charges, and Verify spends the single-use token on the
 * approval, which holds the whole total at once.
 */
export function ApproveBatch({ batch, onClose }: { batch: PayoutBatch; onClose: () => void }) {
  const { data: user } = useProfile();
  const account = user?.current_account;
  const environment = account?.api_keys.active_environment ?? 'test';
  const pin = useWalletPin(true, { accountId: account?.id ?? null, environment, userId: user?.user_id ?? null });
  const verifyPin = useVerifyPin();
  const approve = useBatchStep(batch.id, batchSteps.approve(batch.id));

  const verify = async (typed: string): Promise<boolean> => {
    if (!account) return false;
    const pinToken = await verifyPin.tokenFor(account.id, typed);
    if (pinToken === null) return false;
    try {
      const { message } = await approve.mutateAsync(pinToken);
      notify.success(message ?? BATCH_MESSAGES.approved);
    } catch (error) {
      notify.error(errorMessage(error));
    }
    onClose();
    return true;
  };

  const summary = {
    receiver: null,
    bank: null,
    phone: null,
    amount: batch.total_amount,
    charge: batch.total_charges,
    reason: `Payout batch ${batch.reference}: ${batch.counts.rows} mobile-money payouts`,
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
