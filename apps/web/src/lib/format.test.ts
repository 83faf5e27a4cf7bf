import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatMoneyInput, parseMoneyInput } from './format.ts';

describe('formatting', () => {
  it("shows dates as 'MMM DD, YYYY H:mm'", () => {
    expect(formatDate(new Date(2026, 0, 5, 9, 7))).toBe('Jan 05, 2026 9:07');
    expect(formatDate(new Date(2026, 10, 22, 17, 45))).toBe('Nov 22, 2026 17:45');
  });

  it("shows money as 'UGX 1,250,000'", () => {
    expect(formatMoney(1_250_000)).toBe('UGX 1,250,000');
    expect(formatMoney('0')).toBe('UGX 0');
    expect(formatMoney(12_345, 'USD')).toBe('USD 123.45');
  });

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
