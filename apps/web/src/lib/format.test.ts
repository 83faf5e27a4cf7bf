import { describe, expect, it } from 'vitest';
import { formatMoneyInput, groupAsTyped, parseMoneyInput } from './format.ts';

describe('money input', () => {
  it('reads grouped or plain digits, 0 when empty, and groups an amount in thousands', () => {
    expect(parseMoneyInput('1,250,000')).toBe(1_250_000);
    expect(parseMoneyInput('')).toBe(0);
    expect(parseMoneyInput('-1,500')).toBe(-1500);
    expect(formatMoneyInput('1250000')).toBe('1,250,000');
    expect(formatMoneyInput('-1500')).toBe('-1,500');
  });

  it.each(['12-3', '1.2.3', '-', '.', '--5', '5-', '5,00', '5.000', '1e5', 'abc', 'UGX 1,250,000'])(
    'reads %j as no number (NaN), never as another amount',
    (text) => {
      expect(parseMoneyInput(text)).toBeNaN();
    },
  );

  it('groups as you type only where the commas are its own; a comma, dot or letter typed stays', () => {
    expect(groupAsTyped('5000', '500')).toBe('5,000');
    expect(groupAsTyped('5,0000', '5,000')).toBe('50,000');
    expect(groupAsTyped('5,00', '5,000')).toBe('500');
    expect(groupAsTyped('5,', '5')).toBe('5,');
    expect(groupAsTyped('5,0', '5,')).toBe('5,0');
    expect(groupAsTyped('5,00', '')).toBe('5,00');
    expect(groupAsTyped('1e', '1')).toBe('1e');
    expect(groupAsTyped('1e5', '1e')).toBe('1e5');
    expect(groupAsTyped('5.000', '5.00')).toBe('5.000');
    expect(groupAsTyped('250000', '5,00')).toBe('250,000');
  });
});
