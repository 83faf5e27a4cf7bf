import { MONEY_TEXT_MESSAGES } from '@sente/contracts/money-text';
import { PAYMENT_MESSAGES as M } from '@sente/contracts/payments';
import { describe, expect, it } from 'vitest';
import { parseAmount, tidyAmountInput } from './money.ts';

describe('amounts', () => {
  it('reads what a payer types as whole shillings', () => {
    expect(parseAmount('25000')).toEqual({ ok: true, amount: 25_000 });
    expect(parseAmount(' 25,000 ')).toEqual({ ok: true, amount: 25_000 });
    expect(parseAmount('UGX 1 000')).toEqual({ ok: true, amount: 1000 });
    expect(parseAmount('20,000,000')).toEqual({ ok: true, amount: 20_000_000 });
  });

  it('refuses with the contract messages', () => {
    expect(parseAmount('')).toEqual({ ok: false, error: M.amountMissing });
    expect(parseAmount('abc')).toEqual({ ok: false, error: M.amountMissing });
    expect(parseAmount('-5')).toEqual({ ok: false, error: M.amountMissing });
    expect(parseAmount('0')).toEqual({ ok: false, error: M.amountMissing });
    expect(parseAmount('100.50')).toEqual({ ok: false, error: M.amountWhole });
    // Decision 058: read as typed, never as another amount ('5.000' was 5, '5,00' was 500).
    expect(parseAmount('5.000')).toEqual({ ok: false, error: M.amountWhole });
    expect(parseAmount('5,00')).toEqual({ ok: false, error: MONEY_TEXT_MESSAGES.commaPlaces });
    expect(parseAmount('1e5')).toEqual({ ok: false, error: M.amountMissing });
    expect(parseAmount('20000001')).toEqual({ ok: false, error: M.amountTooLarge });
  });

  it('groups a typed amount when the payer leaves the box, and leaves nonsense as typed', () => {
    expect(tidyAmountInput('1250000')).toBe('1,250,000');
    expect(tidyAmountInput('12a')).toBe('12a');
  });
});
