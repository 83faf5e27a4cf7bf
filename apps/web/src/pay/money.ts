import { formatNumber } from '@sente/contracts/format';
import { PAYMENT_MESSAGES as M, MAX_PAYMENT_AMOUNT } from '@sente/contracts/payments';

export type AmountResult = { ok: true; amount: number } | { ok: false; error: string };

/** What a payer typed in an amount box ('25,000', 'UGX 25000', '25 000') as whole shillings, or the message why not. */
export function parseAmount(raw: string): AmountResult {
  const compact = raw.replace(/^\s*UGX/i, '').replace(/[\s,]/g, '');
  if (!/^\d+(\.\d+)?$/.test(compact)) return { ok: false, error: M.amountMissing };
  const amount = Number(compact);
  if (!Number.isInteger(amount)) return { ok: false, error: M.amountWhole };
  if (amount < 1) return { ok: false, error: M.amountMissing };
  if (amount > MAX_PAYMENT_AMOUNT) return { ok: false, error: M.amountTooLarge };
  return { ok: true, amount };
}

/** The amount box after the payer leaves it: '25000' reads '25,000'; anything unparseable stays as typed. */
export function tidyAmountInput(raw: string): string {
  const result = parseAmount(raw);
  return result.ok ? formatNumber(result.amount) : raw;
}
