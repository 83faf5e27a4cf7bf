/**
 * A money field's text, read as it was typed (decision 058): '5,00' is not 500, '5.000' is not 5 and '1e5' is not 15.
 * An amount is digits, plain (5000) or with a comma between each group of three (5,000), perhaps after a minus that
 * the forms refuse in their own words. UGX has no minor unit, so a dot is questioned; anything else is questioned too,
 * with what is wrong, instead of being re-read as another amount.
 */
export const MONEY_TEXT_MESSAGES = {
  digitsOnly: 'Use digits only, e.g. 5000',
  wholeShillings: 'UGX has no cents: enter whole shillings, e.g. 5000',
  commaPlaces: 'Put commas between groups of three digits, e.g. 5,000, or leave them out',
} as const;

const M = MONEY_TEXT_MESSAGES;
const PLAIN = /^-?\d+$/;
const GROUPED = /^-?\d{1,3}(,\d{3})+$/;
/** A currency with a minor unit (USD in cents) takes a fraction after the whole part. */
const FRACTION = /^-?(\d+|\d{1,3}(,\d{3})+)\.\d+$/;

/** What is wrong with a money field's text, or null when it reads as an amount (an empty field reads as 0). */
export function moneyTextProblem(text: string, currency = 'UGX'): string | null {
  const value = text.trim();
  if (value === '' || PLAIN.test(value) || GROUPED.test(value)) return null;
  if (currency !== 'UGX' && FRACTION.test(value)) return null;
  if (!/\d/.test(value) || /[^\d,.-]/.test(value) || /.-|-.*-/.test(value)) return M.digitsOnly;
  if (value.includes('.')) return currency === 'UGX' ? M.wholeShillings : M.digitsOnly;
  return M.commaPlaces;
}

/** The amount a money field's text holds: 0 when empty, NaN when moneyTextProblem questions it. */
export function readMoneyText(text: string, currency = 'UGX'): number {
  const value = text.trim();
  if (value === '') return 0;
  return moneyTextProblem(value, currency) ? Number.NaN : Number(value.replace(/,/g, ''));
}
