import type { ChangePinInput, ResetPinInput } from '@sente/contracts/wallet';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The caller's own PIN on one account: each member has one per account (DESIGN §6), in both environments. */
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

const post = <T = null>(path: string, accountId: string | null, body: object = {}) =>
  api<T>(path, { method: 'POST', body: { sente_account_id: accountId, ...body } });

/** Spec §7 set_pin: the member's first PIN on the account. */
export const createPin = (accountId: string | null, userId: string | null, pin: string) =>
  post('/api/wallet/set_pin', accountId, { user_id: userId, pin });

/** Issue 17: the current PIN, then the new one twice. */
export const changePin = (accountId: string | null, input: ChangePinInput) => post('/api/wallet/change_pin', accountId, input);

/** E-mails a 6-digit reset code to the member; answers the address and when it was sent (for the 50 s wait). */
export const sendPinResetCode = (accountId: string | null) =>
  post<{ email: string; last_code_sent_at: string }>('/api/wallet/pin_reset_code', accountId);

/** The e-mailed code and the new PIN twice. */
export const resetPin = (accountId: string | null, input: ResetPinInput) => post('/api/wallet/reset_pin', accountId, input);
