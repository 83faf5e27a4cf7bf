import { errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useProfile } from '../../../lib/profile.ts';
import { useWalletPin } from '../api/use-wallet-pin.ts';
import { useVerifyPin } from '../api/wallet-pin.ts';
import { AuthenticatePinModal, CreatePinModal, type PinSummary } from '../pin/pin-modals.tsx';

/** The approval call of a movement or a batch: it spends the PIN token and answers the server's words. */
export type Approval = {
  mutateAsync: (pinToken: string) => Promise<{ message?: string | undefined }>;
  isPending: boolean;
};

type Props = {
  summary: PinSummary;
  approval: Approval;
  /** Said when the server answers no words of its own. */
  approvedMessage: string;
  onClose: () => void;
};

/**
 * A second member's approval with their wallet PIN, of a held movement (decision 067) or a submitted batch (decision
 * 066), one screen for both (decision 071), in the steps every movement of money out takes (a PIN is created first if
 * the member has none): the PIN step shows what leaves, and Verify spends the single-use token on the approval.
 */
export function ApproveWithPin({ summary, approval, approvedMessage, onClose }: Props) {
  const { data: user } = useProfile();
  const account = user?.current_account;
  const environment = account?.api_keys.active_environment ?? 'test';
  const pin = useWalletPin(true, { accountId: account?.id ?? null, environment, userId: user?.user_id ?? null });
  const verifyPin = useVerifyPin();

  const verify = async (typed: string): Promise<boolean> => {
    if (!account) return false;
    const pinToken = await verifyPin.tokenFor(account.id, typed);
    if (pinToken === null) return false;
    try {
      const { message } = await approval.mutateAsync(pinToken);
      notify.success(message ?? approvedMessage);
    } catch (error) {
      notify.error(errorMessage(error));
    }
    onClose();
    return true;
  };

  return (
    <>
      <CreatePinModal opened={pin.needsPin} busy={pin.creating} onClose={onClose} onCreate={pin.createPin} />
      <AuthenticatePinModal
        summary={pin.pinKnown && !pin.needsPin ? summary : null}
        busy={verifyPin.isPending || approval.isPending}
        onClose={onClose}
        onVerify={verify}
      />
    </>
  );
}
