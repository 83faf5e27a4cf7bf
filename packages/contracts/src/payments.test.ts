import { describe, expect, it } from 'vitest';
import { formatExportPhone, formatPhone } from './payments.ts';
import { payoutPhone } from './transfers-input.ts';

describe('a phone in the one display form (decision 079)', () => {
  it('shows a Ugandan number as +256 772 111 222, however it was typed or stored', () => {
    for (const typed of ['0772111222', '0772 111 222', '256772111222', '+256772111222', '+256 772-111-222', ' 0772-111-222 '])
      expect(formatPhone(typed)).toBe('+256 772 111 222');
  });

  it('shows a number that the payout stored (digits only) as the typed one would be shown', () => {
    for (const typed of ['0772 555 123', '+256 772 555 123']) {
      const stored = payoutPhone.parse(typed);
      expect(formatPhone(stored)).toBe('+256 772 555 123');
    }
  });

  it('shows a number that is not Ugandan as + and its digits', () => {
    expect(formatPhone('+254 712-345-678')).toBe('+254712345678');
    expect(formatPhone('254712345678')).toBe('+254712345678');
  });

  it('shows nothing for an empty number', () => {
    expect(formatPhone('')).toBe('');
    expect(formatPhone('  ')).toBe('');
  });
});

describe('a phone in an exported spreadsheet cell (published, decision 079)', () => {
  it('keeps the local form 0772 111 222 for a Ugandan number and the digits for another', () => {
    expect(formatExportPhone('256772111222')).toBe('0772 111 222');
    expect(formatExportPhone('+256 772-111-222')).toBe('0772 111 222');
    expect(formatExportPhone('+254 712-345-678')).toBe('254712345678');
  });
});
