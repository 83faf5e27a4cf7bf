import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import { badRequest } from './http-error.ts';
import { sanitizeReason } from './rich-text.ts';

/**
 * The reason or narrative of every transfer as stored, whoever asks for it (the dashboard's transfer, settlement and
 * payout, a /v1 payout): sanitised to the allow-list. One that was nothing but markup is refused with `missing`.
 */
export function storedReason(text: string, missing: string = M.reasonMissing): string {
  const reason = sanitizeReason(text);
  if (!reason) throw badRequest(missing);
  return reason;
}
