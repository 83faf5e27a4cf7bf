import { describe, expect, it } from 'vitest';
import { ugxAmount } from './links.ts';
import { LINK_MESSAGES } from './messages.ts';
import { payInput } from './payments-input.ts';
import { transferAmount } from './transfers-input.ts';
import { amountFrom } from './validation.ts';

describe('amounts are plain whole numbers', () => {
  it('reads digits, with or without thousands separators, and JSON numbers as given', () => {
    expect(amountFrom('250000')).toBe(250_000);
    expect(amountFrom(' 250,000 ')).toBe(250_000);
    expect(amountFrom('1,234,567')).toBe(1_234_567);
    expect(amountFrom(1500)).toBe(1500);
    expect(amountFrom('1,500.50')).toBe(1500.5);
  });

  it.each([
    '0x10',
    '1e5',
    ' 1,0,0,0 ',
    '12-3',
    '-5',
    '+5',
    '.5',
    '1.',
    '1,00',
    '1,0000',
    ',100',
    '100,',
    '١٢٣',
    'Infinity',
    '0b11',
    '1 000',
  ])('reads %j as no amount', (text) => {
    expect(amountFrom(text)).toBeNaN();
  });

  it('refuses loose text in every amount field: links, transfers and payments', () => {
    for (const loose of ['0x10', '1e5', ' 1,0,0,0 ']) {
      expect(ugxAmount.safeParse(loose).success).toBe(false);
      expect(transferAmount.safeParse(loose).success).toBe(false);
      expect(payInput.safeParse({ names: 'A', channel: 'MTN_UG', amount: loose }).success).toBe(false);
    }
    expect(transferAmount.parse('16')).toBe(16);
    expect(ugxAmount.parse('100,000')).toBe(100_000);
  });

  it('says a negative link amount is negative, as a number or as text, and reads a minus inside as no number', () => {
    for (const negative of [-5, '-5', ' -1,500 ']) {
      expect(ugxAmount.safeParse(negative).error?.issues.map((issue) => issue.message)).toEqual([LINK_MESSAGES.amountNegative]);
    }
    expect(ugxAmount.safeParse('12-3').error?.issues.map((issue) => issue.message)).toEqual([LINK_MESSAGES.amountInvalid]);
  });
});
