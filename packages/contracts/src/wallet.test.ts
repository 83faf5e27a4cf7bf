import { describe, expect, it } from 'vitest';
import { WALLET_MESSAGES as M, transferForm } from './wallet.ts';

const BALANCE = 100_000;
const FILLED = { option: 'settlement', account: '', phone: '', amount: 50_000, reason: 'Stock' } as const;

/** What Continue says under each field, as the form's resolver reads it (the last message of a field wins). */
function errorsOf(values: Record<string, unknown>): Record<string, string> {
  const result = transferForm(BALANCE).safeParse(values);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the Transfers form (spec §2, §5)', () => {
  it('takes a request to the bank within the balance', () => {
    expect(errorsOf(FILLED)).toEqual({});
  });

  it('names the option, the amount and the reason of an empty form at once', () => {
    expect(errorsOf({ option: null, account: '', phone: '', amount: 0, reason: ' ' })).toEqual({
      option: M.selectPayoutOption,
      amount: M.invalidAmount,
      reason: M.reasonMissing,
    });
  });

  it("calls an amount above the balance, a fraction or no number 'Invalid Amount'", () => {
    for (const amount of [BALANCE + 1, 10.5, Number.NaN])
      expect(errorsOf({ ...FILLED, amount })).toEqual({ amount: M.invalidAmount });
  });

  it('asks for the account number of a wallet transfer only, even beside an amount that is no number', () => {
    expect(errorsOf({ ...FILLED, option: 'wallet_transfer', amount: Number.NaN })).toEqual({
      amount: M.invalidAmount,
      account: M.accountNumberMissing,
    });
    expect(errorsOf({ ...FILLED, option: 'wallet_transfer', account: ' 7700654321 ' })).toEqual({});
  });

  it('refuses an account number with letters or of another length before any look-up (issue 39 item 13)', () => {
    for (const account of ['77OO654321', 'abc', '770065432', '77006543210'])
      expect(errorsOf({ ...FILLED, option: 'wallet_transfer', account })).toEqual({ account: M.accountNumberInvalid });
  });

  it("checks a payout's phone with the payout call's own rule", () => {
    expect(errorsOf({ ...FILLED, option: 'payout' })).toEqual({ phone: M.phoneEmpty });
    expect(errorsOf({ ...FILLED, option: 'payout', phone: '07721' })).toEqual({ phone: M.phoneInvalid });
    expect(errorsOf({ ...FILLED, option: 'payout', phone: '+44 7700 900123' })).toEqual({ phone: M.payoutNetworkUnsupported });
    expect(errorsOf({ ...FILLED, option: 'payout', phone: '+256 772-123456' })).toEqual({});
  });
});
