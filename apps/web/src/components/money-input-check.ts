import { LINK_MESSAGES } from '@sente/contracts/messages';

/**
 * What is wrong with the number a MoneyInput holds, in the words the server uses: NaN is text that is no number,
 * and a price or target below 0 says plainly that it cannot be negative. Null when it may be sent.
 */
export function moneyInputError(value: number): string | null {
  if (Number.isNaN(value)) return LINK_MESSAGES.amountInvalid;
  if (value < 0) return LINK_MESSAGES.amountNegative;
  return null;
}
