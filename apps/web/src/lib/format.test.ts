import { describe, expect, it } from 'vitest';
import { formatMoneyInput, parseMoneyInput } from './format.ts';

describe('money input', () => {
  it('strips all but digits, dot, comma and minus, and reads 0 when nothing is left', () => {
    expect(parseMoneyInput('UGX 1,250,000')).toBe(1_250_000);
    expect(parseMoneyInput('abc')).toBe(0);
    expect(parseMoneyInput('')).toBe(0);
    expect(parseMoneyInput('12.5')).toBe(12.5);
    expect(parseMoneyInput('1,500.')).toBe(1500);
    expect(parseMoneyInput('-1,500')).toBe(-1500);
    expect(formatMoneyInput('1250000')).toBe('1,250,000');
    expect(formatMoneyInput('UGX 12a34.5')).toBe('1,234.5');
  });

  it.each(['12-3', '1.2.3', '-', '.', '--5', '5-'])('reads %j as no number (NaN), never as the number it starts with', (text) => {
    expect(parseMoneyInput(text)).toBeNaN();
  });
});
