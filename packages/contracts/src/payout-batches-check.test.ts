import { describe, expect, it } from 'vitest';
import { checkRowAlone } from './payout-batches-check.ts';

const row = (values: Partial<Record<'phone' | 'amount' | 'name', string>>) =>
  checkRowAlone(2, { phone: '0772123456', amount: '10000', name: 'John Okello', reference: '', narrative: '', ...values });

const messageOf = (issues: ReturnType<typeof row>, field: string) => issues.find((issue) => issue.field === field)?.message;

describe("a sheet's row damaged by Excel: the message names what happened and how to fix it", () => {
  it.each(['2.56772E+11', '2.56772e+11', '7.72123E+08', '2.56772E11'])(
    'a phone Excel shortened to %s says so, and how to keep the number as text',
    (phone) => {
      expect(messageOf(row({ phone }), 'phone')).toBe(
        `Excel shortened this number to ${phone}, losing its digits: format the phone column as Text, type the number again and save (the template's phone column is Text already).`,
      );
    },
  );

  it.each([
    ['UGX 10,000', '10000'],
    ['10,000 UGX', '10000'],
    ['ugx10000', '10000'],
    ['Shs 25,000', '25000'],
    ['USh 5000', '5000'],
    ['15,000/=', '15000'],
  ])('an amount written as %s asks for digits only', (amount, digits) => {
    expect(messageOf(row({ amount }), 'amount')).toBe(`Write the amount in digits only (${digits}), without UGX.`);
  });

  it('keeps the usual messages for other mistakes', () => {
    expect(messageOf(row({ phone: '0712345678' }), 'phone')).toBe('Not an MTN or Airtel Uganda number.');
    expect(messageOf(row({ amount: '12.5' }), 'amount')).toBe('The amount must be a whole number of UGX.');
    expect(messageOf(row({ amount: 'ten thousand' }), 'amount')).toBe('The amount must be a whole number of UGX.');
    expect(row({ amount: '10,000' })).toEqual([]);
  });
});
