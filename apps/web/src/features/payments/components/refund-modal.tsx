import { formatMoney } from '@sente/contracts/format';
import { APPROVAL_LABELS } from '@sente/contracts/movement-approvals';
import type { CollectionDetail } from '@sente/contracts/payments-answers';
import { needsApproval } from '@sente/contracts/payout-rules';
import { REFUND_MESSAGES as R } from '@sente/contracts/refunds';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';
import { useProfile } from '../../../lib/profile.ts';
import { placeServerErrors } from '../../../lib/server-errors.ts';
import {
  AuthenticatePinModal,
  CreatePinModal,
  type PinSummary,
  usePayoutRules,
  useVerifyPin,
  useWalletPin,
} from '../../transfers/index.ts';
import { useRefundPayment } from '../api/refund-payment.ts';
import { REFUND_FIELDS, type RefundDetails, RefundDetailsStep, useRefundDetails } from './refund-details-step.tsx';

type Props = { payment: CollectionDetail; onClose: () => void };

/**
 * A refund (decision 053): a payment paid back to its payer, in the transfer flow's steps: a PIN is created first if
 * the member has none; then the amount and the reason, Continue; the PIN step shows what goes where, and Verify
 * refunds with the single-use PIN token. Mounted for one opening (refund-action.tsx), which makes one
 * Idempotency-Key for every try of it: a retry after a lost answer gets the first refund back, not a second one.
 */
export function RefundModal({ payment, onClose }: Props) {
  const { data: user } = useProfile();
  const account = user?.current_account;
  const environment = account?.api_keys.active_environment ?? 'test';
  const pin = useWalletPin(true, { accountId: account?.id ?? null, environment, userId: user?.user_id ?? null });
  const form = useRefundDetails(payment.refundable);
  const verifyPin = useVerifyPin();
  const refund = useRefundPayment(payment.id);
  const rules = usePayoutRules();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [confirm, setConfirm] = useState<PinSummary | null>(null);

  /** A refund above the account's approval threshold waits for a second member, as a transfer does (decision 067). */
  const proceed = ({ amount, reason }: RefundDetails) =>
    setConfirm({
      receiver: null,
      bank: null,
      phone: payment.msisdn,
      amount,
      charge: null,
      reason,
      heldForApproval:
        rules.data && needsApproval(rules.data, amount)
          ? APPROVAL_LABELS.willBeHeld(formatMoney(rules.data.approval_threshold))
          : null,
    });

  /**
   * A refusal is about the refund, not the PIN (more than is left, a balance too low): back to the form, with the
   * server's words under the field it names, or in a toast when it names none, as the other forms do.
   */
  const refuse = (error: unknown) => {
    const { fields, other } = error instanceof ApiError ? placeServerErrors(error, REFUND_FIELDS) : { fields: {}, other: [] };
    setConfirm(null);
    if (Object.keys(fields).length === 0) return notify.error(errorMessage(error));
    form.setErrors(fields);
    for (const message of other) notify.error(message);
  };

  const verify = async (typed: string): Promise<boolean> => {
    if (!confirm || !account) return false;
    const pinToken = await verifyPin.tokenFor(account.id, typed);
    if (pinToken === null) return false;
    try {
      const input = { amount: confirm.amount, reason: confirm.reason, pin_token: pinToken };
      const answer = await refund.mutateAsync({ input, idempotencyKey });
      notify.success(answer.message ?? (answer.data.awaiting_approval ? R.awaitingApproval : R.started));
    } catch (error) {
      refuse(error);
      return false;
    }
    onClose();
    return true;
  };

  return (
    <>
      <RefundDetailsStep
        opened={pin.pinKnown && !pin.needsPin && confirm === null}
        payment={payment}
        form={form}
        onClose={onClose}
        onContinue={proceed}
      />
      <CreatePinModal opened={pin.needsPin} busy={pin.creating} onClose={onClose} onCreate={pin.createPin} />
      <AuthenticatePinModal
        summary={confirm}
        busy={verifyPin.isPending || refund.isPending}
        onClose={() => setConfirm(null)}
        onVerify={verify}
      />
    </>
  );
}
