import { SIMULATOR } from '@sente/contracts/payments';
import { describe, expect, it } from 'vitest';
import { cardExpiryValid, cardNumberValid, formatCardCvc, formatCardExpiry, formatCardNumber } from './card.ts';

describe('card inputs', () => {
  it('groups the number in fours and keeps at most 19 digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42x')).toBe('4242 42');
    expect(formatCardNumber('1'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('writes the expiry as MM/YY and the code as digits', () => {
    expect(formatCardExpiry('1228')).toBe('12/28');
    expect(formatCardExpiry('12/2')).toBe('12/2');
    expect(formatCardExpiry('12')).toBe('12');
    expect(formatCardCvc('12a34')).toBe('1234');
  });

  it('checks the number with Luhn, and the expiry month', () => {
    expect(cardNumberValid(SIMULATOR.successCard)).toBe(true);
    expect(cardNumberValid(formatCardNumber(SIMULATOR.declinedCard))).toBe(true);
    expect(cardNumberValid('4242424242424241')).toBe(false);
    expect(cardNumberValid('4242')).toBe(false);
    expect(cardExpiryValid('12/28')).toBe(true);
    expect(cardExpiryValid('13/28')).toBe(false);
    expect(cardExpiryValid('00/28')).toBe(false);
    expect(cardExpiryValid('1228')).toBe(false);
  });
});
