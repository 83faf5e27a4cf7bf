import { describe, expect, it } from 'vitest';
import { formatTypedPhone } from './payments.ts';
import { payoutPhone } from './transfers-input.ts';

describe('a payout phone in the one format of the dashboard', () => {
  it('shows a Ugandan number as 0772 555 777, however it was typed', () => {
    for (const typed of ['0772555777', '0772 555 777', '256772555777', '+256 772-555-777', ' 0772-555-777 '])
      expect(formatTypedPhone(typed)).toBe('0772 555 777');
  });

  it('shows a number that the payout stored (digits only) as the typed one would be shown', () => {
    for (const typed of ['0772 555 123', '+256 772 555 123']) {
      const stored = payoutPhone.parse(typed);
      expect(formatTypedPhone(stored)).toBe(formatTypedPhone(typed));
      expect(formatTypedPhone(stored)).toBe('0772 555 123');
    }
  });

  it('shows any other number as its digits', () => {
    expect(formatTypedPhone('+254 712-345-678')).toBe('254712345678');
    expect(formatTypedPhone('0414 123 456')).toBe('0414123456');
  });
});
