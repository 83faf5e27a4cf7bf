import { readMoneyText } from '@sente/contracts/money-text';
import { formatPhone } from '@sente/contracts/payments';

/**
 * Money input, read as typed (decision 058, contracts money-text.ts): plain or grouped digits are the amount, an
 * empty field 0, and anything else NaN, which the forms refuse under the field with what is wrong; nothing typed is
 * removed or re-read as another amount ('5,00' was 500, '5.000' was 5, '1e5' was 15).
 */
export const parseMoneyInput = (raw: string, currency = 'UGX'): number => readMoneyText(raw, currency);

/** An amount's digits (with a leading minus) grouped in thousands; any other text as it is. */
export function formatMoneyInput(raw: string): string {
  const bare = raw.trim().replace(/,/g, '');
  return /^-?\d+$/.test(bare) ? bare.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : raw;
}

/**
 * The text a keystroke leaves, grouped in thousands only where no comma is the user's own: it has none, or the text
 * before it was grouped by us and the keystroke added or removed no comma. A comma typed, a letter or a dot stays.
 */
export function groupAsTyped(raw: string, previous: string): string {
  if (!raw.includes(',')) return formatMoneyInput(raw);
  const commas = (text: string) => text.split(',').length - 1;
  const grouped = previous === '' || (/^-?\d[\d,]*$/.test(previous) && formatMoneyInput(previous) === previous);
  const ours = grouped && commas(raw) === commas(previous);
  return ours ? formatMoneyInput(raw) : raw;
}

/** 'Phone/Card': the payer's number as they read it, or 'Card' for a card payment (no msisdn). */
export const phoneOrCard = (msisdn: string | null): string => (msisdn ? formatPhone(msisdn) : 'Card');
