import { describe, expect, it } from 'vitest';
import { WALLET_MESSAGES as M } from './transfers.ts';
import { isTrivialPin, setPinInput, transferForm, verifyPinInput } from './transfers-input.ts';

const BALANCE = 100_000;
const FILLED = { option: 'settlement', account: '', phone: '', amount: 50_000, reason: 'Stock' } as const;

/** What Continue says under each field, as the form's resolver reads it (the last message of a field wins). */
function errorsOf(values: Record<string, unknown>): Record<string, string> {
  const result = transferForm(BALANCE).safeParse(values);
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the Transfers form', () => {
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

  it("calls a fraction or no number 'Invalid Amount'", () => {
    for (const amount of [10.5, Number.NaN]) expect(errorsOf({ ...FILLED, amount })).toEqual({ amount: M.invalidAmount });
  });

  it('says the most that can be sent once the charge is paid too, before the PIN step', () => {
    const charges = { settlement: 2_000, wallet_transfer: 500, payout: 1_000 };
    const errors = (values: Record<string, unknown>, balance = BALANCE) =>
      transferForm(balance, charges)
        .safeParse(values)
        .error?.issues.map((issue) => issue.message) ?? [];
    expect(errors({ ...FILLED, amount: 98_000 })).toEqual([]);
    expect(errors({ ...FILLED, amount: 98_001 })).toEqual([M.amountAboveMost(98_000, 2_000)]);
    expect(M.amountAboveMost(98_000, 2_000)).toBe(
      'You can send at most UGX 98,000: the UGX 2,000 charge also comes out of your balance',
    );
    expect(errors({ ...FILLED, option: 'wallet_transfer', account: '7700654321', amount: 99_501 })).toEqual([
      M.amountAboveMost(99_500, 500),
    ]);
    expect(errors({ ...FILLED, amount: 1 }, 1_500)).toEqual([M.amountAboveMost(0, 2_000)]);
    expect(M.amountAboveMost(0, 2_000)).toBe('Your balance cannot cover the UGX 2,000 charge of this transfer');
    // Before the charges are read, the balance alone.
    expect(errorsOf({ ...FILLED, amount: BALANCE + 1 })).toEqual({ amount: M.amountAboveMost(BALANCE, 0) });
    expect(errorsOf({ ...FILLED, amount: BALANCE })).toEqual({});
  });

  it('asks for the account number of a wallet transfer only, even beside an amount that is no number', () => {
    expect(errorsOf({ ...FILLED, option: 'wallet_transfer', amount: Number.NaN })).toEqual({
      amount: M.invalidAmount,
      account: M.accountNumberMissing,
    });
    expect(errorsOf({ ...FILLED, option: 'wallet_transfer', account: ' 7700654321 ' })).toEqual({});
  });

  it('refuses an account number with letters or of another length before any look-up', () => {
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

describe('a new wallet PIN', () => {
  it('refuses one digit five times and runs up or down; keeps other PINs', () => {
    for (const pin of ['00000', '11111', '99999', '12345', '01234', '56789', '54321', '43210', '98765']) {
      expect(isTrivialPin(pin), pin).toBe(true);
      expect(setPinInput.safeParse({ pin }).error?.issues[0]?.message, pin).toBe(M.pinTooSimple);
    }
    for (const pin of ['13579', '24680', '11223', '12346', '55557', '90123']) expect(isTrivialPin(pin), pin).toBe(false);
  });

  it('still verifies a trivial PIN set before the rule (the demo seed keeps 12345)', () => {
    expect(verifyPinInput.safeParse({ pin: '12345' }).success).toBe(true);
  });

  it('says how many tries are left', () => {
    expect(M.pinInvalidTriesLeft(4)).toBe(
      'The provided PIN is invalid. 4 tries left before transfers are locked for 15 minutes.',
    );
    expect(M.pinInvalidTriesLeft(1)).toBe('The provided PIN is invalid. 1 try left before transfers are locked for 15 minutes.');
  });
});
