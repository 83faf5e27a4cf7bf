import { describe, expect, it } from 'vitest';
import { MONEY_TEXT_MESSAGES as M, moneyTextProblem, readMoneyText } from './money-text.ts';

describe('a money field read as typed', () => {
  it('reads plain and grouped whole amounts, and an empty field as 0', () => {
    expect(readMoneyText('5000')).toBe(5000);
    expect(readMoneyText('5,000')).toBe(5000);
    expect(readMoneyText(' 1,250,000 ')).toBe(1_250_000);
    expect(readMoneyText('-1,500')).toBe(-1500);
    expect(readMoneyText('')).toBe(0);
  });

  it.each([
    ['5,00', M.commaPlaces],
    ['50,00,000', M.commaPlaces],
    ['5,', M.commaPlaces],
    ['5.000', M.wholeShillings],
    ['1500.5', M.wholeShillings],
    ['1,500.', M.wholeShillings],
    ['1e5', M.digitsOnly],
    ['5k', M.digitsOnly],
    ['UGX 5,000', M.digitsOnly],
    ['5 000', M.digitsOnly],
    ['12-3', M.digitsOnly],
    ['-', M.digitsOnly],
    ['.', M.digitsOnly],
    ['abc', M.digitsOnly],
  ])('questions %j, never reading it as another amount', (text, message) => {
    expect(moneyTextProblem(text)).toBe(message);
    expect(readMoneyText(text)).toBeNaN();
  });

  it('takes a fraction in a currency with cents', () => {
    expect(readMoneyText('12.50', 'USD')).toBe(12.5);
    expect(moneyTextProblem('1.2.3', 'USD')).toBe(M.digitsOnly);
  });
});
