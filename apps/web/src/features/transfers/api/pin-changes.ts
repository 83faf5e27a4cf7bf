import type { ChangePinInput, ResetPinInput } from '@sente/contracts/transfers-input';
import { call } from '../../../lib/api-client.ts';

/** The current PIN, then the new one twice. */
export const changePin = (accountId: string | null, input: ChangePinInput) =>
  call('POST /api/wallet/change_pin', { body: { sente_account_id: accountId, ...input } });

/** E-mails a 6-digit reset code to the member; answers the address and when it was sent (for the 50 s wait). */
export const sendPinResetCode = (accountId: string | null) =>
  call('POST /api/wallet/pin_reset_code', { body: { sente_account_id: accountId } });

/** The e-mailed code and the new PIN twice. */
export const resetPin = (accountId: string | null, input: ResetPinInput) =>
  call('POST /api/wallet/reset_pin', { body: { sente_account_id: accountId, ...input } });
