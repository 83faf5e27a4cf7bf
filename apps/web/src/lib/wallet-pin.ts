import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from './api-client.ts';
import type { MoneyScope } from './money-scope.ts';

/**
 * The caller's own PIN on one account: each member has one per account (DESIGN §6), in both environments. Shared by
 * the profile's PIN screens (features/wallet), the transfer flow (features/settlements) and a payment's refund
 * (components/refund-modal.tsx), which all ask first.
 */
export const walletPinKeys = {
  all: ['wallet-pin'] as const,
  scope: (accountId: string | null) => [...walletPinKeys.all, accountId] as const,
  exists: (accountId: string | null) => [...walletPinKeys.scope(accountId), 'exists'] as const,
};

/** Spec §7 pin_exists, for the current account. */
export const pinExistsQueryOptions = (accountId: string | null) =>
  queryOptions({
    queryKey: walletPinKeys.exists(accountId),
    queryFn: async () =>
      (await api<{ pin_exists: boolean }>('/api/wallet/pin_exists', { method: 'POST', body: { sente_account_id: accountId } }))
        .data.pin_exists,
    enabled: accountId !== null,
  });

/** Spec §7 set_pin: the member's first PIN on the account, with the body the spec gives. */
export const createPin = ({ accountId, environment }: MoneyScope, userId: string | null, pin: string) =>
  api('/api/wallet/set_pin', {
    method: 'POST',
    body: { user_id: userId, sente_account_id: accountId, active_environment: environment, pin },
  });

/** Spec §7 verify_pin: a right PIN answers a single-use token that one money call spends (decision 009). */
export async function verifyPin(accountId: string, pin: string): Promise<string> {
  const answer = await api<{ pin_token: string }>('/api/wallet/verify_pin', {
    method: 'POST',
    body: { sente_account_id: accountId, pin },
  });
  return answer.data.pin_token;
}

export const useVerifyPin = () =>
  useMutation({ mutationFn: ({ accountId, pin }: { accountId: string; pin: string }) => verifyPin(accountId, pin) });
