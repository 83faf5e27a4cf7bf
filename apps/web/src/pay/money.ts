import { formatNumber } from '@sente/contracts/format';
import { MONEY_TEXT_MESSAGES, moneyTextProblem, readMoneyText } from '@sente/contracts/money-text';
import { PAYMENT_MESSAGES as M, MAX_PAYMENT_AMOUNT } from '@sente/contracts/payments';

export type AmountResult = { ok: true; amount: number } | { ok: false; error: string };

/**
 * What a payer typed in an amount box ('25,000', 'UGX 25000', '25 000') as whole shillings, or the message why not.
 * Read as typed (decision 058, contracts money-text.ts): '5.000' is not 5 and '5,00' is not 500; each is questioned.
 */
export function parseAmount(raw: string): AmountResult {
  const compact = raw.replace(/^\s*UGX/i, '').replace(/\s/g, '');
  const problem = moneyTextProblem(compact);
  if (problem === MONEY_TEXT_MESSAGES.wholeShillings) return { ok: false, error: M.amountWhole };
  if (problem === MONEY_TEXT_MESSAGES.commaPlaces) return { ok: false, error: problem };
  if (problem) return { ok: false, error: M.amountMissing };
  const amount = readMoneyText(compact);
  if (amount < 1) return { ok: false, error: M.amountMissing };
  if (amount > MAX_PAYMENT_AMOUNT) return { ok: false, error: M.amountTooLarge };
  return { ok: true, amount };
}

/** The amount box after the payer leaves it: '25000' reads '25,000'; anything unparseable stays as typed. */
export function tidyAmountInput(raw: string): string {
  const result = parseAmount(raw);
  return result.ok ? formatNumber(result.amount) : raw;
}
