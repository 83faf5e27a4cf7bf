import type { Environment } from '@sente/contracts/constants';
import { TRANSFER_ENV, type TRANSFER_FORM_KINDS } from '@sente/contracts/transfers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { profileKeys } from '../../../lib/profile.ts';
import { transferKeys } from './transfer-keys.ts';

/** The receiver of a wallet transfer, as the PIN step names them. */
export type Receiver = { recipientId: string; name: string; accountNumber: string };

/** A wallet transfer: the account behind a Sente account number, then its holder's name. */
export async function findReceiver(accountNumber: string): Promise<Receiver> {
  const found = await call('POST /api/wallet/verify_sente_acc_number', { body: { sente_account_number: accountNumber.trim() } });
  const recipientId = found.data.sente_account_id;
  const holder = await call('POST /api/wallet/user_with_sente', { body: { sente_account_id: recipientId } });
  return { recipientId, name: holder.data.account_name, accountNumber: holder.data.sente_account_number };
}

export const useFindReceiver = () => useMutation({ mutationFn: findReceiver });

/** A kind of transfer the Transfers form makes; a refund is made from its payment (features/payments, refund-modal.tsx). */
export type TransferFormKind = (typeof TRANSFER_FORM_KINDS)[number];

export type Movement = {
  kind: TransferFormKind;
  accountId: string;
  userId: string;
  environment: Environment;
  amount: number;
  reason: string;
  /** The receiving account of a wallet transfer. */
  recipientId: string | null;
  /** The receiving phone of a payout. */
  phone: string;
};

/**
 * The one call of each way out, with the payload the spec names. The same Idempotency-Key for every
 * retry of one attempt makes a double submit answer the first transfer instead of moving money twice.
 */
export function moveMoney(movement: Movement, pinToken: string, idempotencyKey: string) {
  const { kind, accountId, userId, amount, reason } = movement;
  const env = TRANSFER_ENV[movement.environment];
  const headers = { 'idempotency-key': idempotencyKey };
  if (kind === 'wallet_transfer') {
    return call('POST /api/wallet-transfers/p2p', {
      headers,
      body: {
        senderAccountId: accountId,
        // A wallet transfer has its recipient: the form found it before it asks for the PIN.
        recipientAccountId: movement.recipientId as string,
        creatorId: userId,
        amount,
        reason,
        env,
        pin_token: pinToken,
      },
    });
  }
  if (kind === 'settlement') {
    return call('POST /api/settlements/create', { headers, body: { amount, reason, pin_token: pinToken } });
  }
  return call('POST /api/yo/process_payout', {
    headers,
    body: {
      active_env: env,
      creator_id: userId,
      sente_account_id: accountId,
      amount,
      account: movement.phone,
      narrative: reason,
      pin_token: pinToken,
    },
  });
}

type MoveMoneyVariables = { movement: Movement; pinToken: string; idempotencyKey: string };

/** Moves the money, then reads the balances and the transfers list again (the mutation ends when they are read). */
export function useMoveMoney() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ movement, pinToken, idempotencyKey }: MoveMoneyVariables) => moveMoney(movement, pinToken, idempotencyKey),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: transferKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ]),
  });
}
