import type { ChangePinInput, ResetPinInput } from '@sente/contracts/wallet';
import { api } from '../../../lib/api-client.ts';

const post = <T = null>(path: string, accountId: string | null, body: object = {}) =>
  api<T>(path, { method: 'POST', body: { sente_account_id: accountId, ...body } });

/** Issue 17: the current PIN, then the new one twice. */
export const changePin = (accountId: string | null, input: ChangePinInput) => post('/api/wallet/change_pin', accountId, input);

/** E-mails a 6-digit reset code to the member; answers the address and when it was sent (for the 50 s wait). */
export const sendPinResetCode = (accountId: string | null) =>
  post<{ email: string; last_code_sent_at: string }>('/api/wallet/pin_reset_code', accountId);

/** The e-mailed code and the new PIN twice. */
export const resetPin = (accountId: string | null, input: ResetPinInput) => post('/api/wallet/reset_pin', accountId, input);
