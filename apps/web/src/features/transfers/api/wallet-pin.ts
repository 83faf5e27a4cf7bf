import { WALLET_MESSAGES } from '@sente/contracts/transfers';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { call, errorMessage } from '../../../lib/api-client.ts';
import type { MoneyScope } from '../../../lib/money-scope.ts';
import { notify } from '../../../lib/notify.ts';

/**
 * The caller's own PIN on one account: each member has one per account, in both environments. Read by
 * the profile's PIN screens (pin/), the transfer flow (components/) and a payment's refund (features/payments, through
 * index.ts), which all ask first.
 */
export const walletPinKeys = {
  all: ['wallet-pin'] as const,
  scope: (accountId: string | null) => [...walletPinKeys.all, accountId] as const,
  exists: (accountId: string | null) => [...walletPinKeys.scope(accountId), 'exists'] as const,
};

/** Whether the caller has a wallet PIN (pin_exists), for the current account. */
export const pinExistsQueryOptions = (accountId: string | null) =>
  queryOptions({
    queryKey: walletPinKeys.exists(accountId),
    queryFn: async () => (await call('POST /api/wallet/pin_exists', { body: { sente_account_id: accountId } })).data.pin_exists,
    enabled: accountId !== null,
  });

/** set_pin: the member's first PIN on the account, with the body the spec gives. */
export const createPin = ({ accountId, environment }: MoneyScope, userId: string | null, pin: string) => {
  // The spec's body: the server reads the account and the PIN, and drops the rest.
  const body = { user_id: userId, sente_account_id: accountId, active_environment: environment, pin };
  return call('POST /api/wallet/set_pin', { body });
};

/** verify_pin: a right PIN answers a single-use token that one money call spends (decision 009). */
export async function verifyPin(accountId: string, pin: string): Promise<string> {
  const answer = await call('POST /api/wallet/verify_pin', { body: { sente_account_id: accountId, pin } });
  return answer.data.pin_token;
}

/**
 * verify_pin as the PIN step of a money movement uses it (the transfer flow, a refund): the token, or null once the
 * refusal ('The provided PIN is invalid…') is a toast and the step asks again.
 */
export function useVerifyPin() {
  const mutation = useMutation({
    mutationFn: ({ accountId, pin }: { accountId: string; pin: string }) => verifyPin(accountId, pin),
  });
  const tokenFor = async (accountId: string, pin: string): Promise<string | null> => {
    try {
      return await mutation.mutateAsync({ accountId, pin });
    } catch (error) {
      notify.error(errorMessage(error, WALLET_MESSAGES.pinVerifyError));
      return null;
    }
  };
  return { tokenFor, isPending: mutation.isPending };
}
