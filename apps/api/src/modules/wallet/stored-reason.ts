import { WALLET_MESSAGES as M } from '@sente/contracts/wallet';
import { badRequest } from '../../lib/http-error.ts';
import { sanitizeReason } from '../../lib/rich-text.ts';

/** The reason as stored: sanitised to the allow-list; one that was nothing but markup is missing. */
export function storedReason(text: string): string {
  const reason = sanitizeReason(text);
  if (!reason) throw badRequest(M.reasonMissing);
  return reason;
}
