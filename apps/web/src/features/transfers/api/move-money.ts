import type { Environment } from '@sente/contracts/constants';
import { TRANSFER_ENV, type TRANSFER_FORM_KINDS, type TransferRow } from '@sente/contracts/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { profileKeys } from '../../../lib/profile.ts';
import { settlementKeys } from './settlement-keys.ts';

/** The receiver of a wallet transfer, as the PIN step names them. */
export type Receiver = { recipientId: string; name: string; accountNumber: string };

/** Spec §4 wallet transfer: the account behind a Sente account number, then its holder's name. */
export async function findReceiver(accountNumber: string): Promise<Receiver> {
  const found = await api<{ sente_account_id: string }>('/api/wallet/verify_sente_acc_number', {
    method: 'POST',
    body: { sente_account_number: accountNumber.trim() },
  });
  const recipientId = found.data.sente_account_id;
  const holder = await api<{ account_name: string; sente_account_number: string }>('/api/wallet/user_with_sente', {
    method: 'POST',
    body: { sente_account_id: recipientId },
  });
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
 * Spec §7: the one call of each way out, with the payload the spec names. The same Idempotency-Key for every
 * retry of one attempt makes a double submit answer the first transfer instead of moving money twice.
 */
export function moveMoney(movement: Movement, pinToken: string, idempotencyKey: string) {
  const { kind, accountId, userId, amount, reason } = movement;
  const env = TRANSFER_ENV[movement.environment];
  const send = (path: string, body: Record<string, unknown>) =>
    api<TransferRow>(path, {
      method: 'POST',
      headers: { 'idempotency-key': idempotencyKey },
      body: { ...body, pin_token: pinToken },
    });
  if (kind === 'wallet_transfer') {
    return send('/api/wallet-transfers/p2p', {
      senderAccountId: accountId,
      recipientAccountId: movement.recipientId,
      creatorId: userId,
      amount,
      reason,
      env,
    });
  }
  if (kind === 'settlement') return send('/api/settlements/create', { amount, reason });
  return send('/api/yo/process_payout', {
    active_env: env,
    creator_id: userId,
    sente_account_id: accountId,
    amount,
    account: movement.phone,
    narrative: reason,
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
        queryClient.invalidateQueries({ queryKey: settlementKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ]),
  });
}
