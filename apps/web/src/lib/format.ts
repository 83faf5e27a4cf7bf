import { formatDateTime } from '@sente/contracts/dates';
import { signedAmountFrom } from '@sente/contracts/links';
import { formatLocalPhone } from '@sente/contracts/payments';

/**
 * Spec §9: dates as 'MMM DD, YYYY H:mm', in Kampala time wherever the browser is: the one rule of
 * packages/contracts/src/dates.ts, which the spreadsheets and receipts follow too.
 */
export function formatDate(value: string | Date): string {
  return formatDateTime(value);
}

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Money as 'UGX 1,250,000'. Amounts are whole minor units; USD is held in cents. */
export function formatMoney(amount: number | string | bigint, currency: 'UGX' | 'USD' = 'UGX'): string {
  const value = Number(amount);
  return `${currency} ${grouping.format(currency === 'USD' ? value / 100 : value)}`;
}

/**
 * Spec §2 money input: strips everything but digits, dot, comma and minus and reads what is left as the server does
 * (a leading minus and decimals included, so their own messages can say what is wrong). An empty field reads as 0;
 * text that is no number ('12-3', '1.2.3', '-') reads as NaN, never as the number it starts with (issue 17: '12-3'
 * was saved as UGX 12). A trailing dot is a decimal still being typed.
 */
export function parseMoneyInput(raw: string): number {
  const cleaned = raw.replace(/[^\d.,-]/g, '').replace(/,/g, '');
  if (cleaned === '') return 0;
  return signedAmountFrom(cleaned.replace(/(\d)\.$/, '$1'));
}

export function formatMoneyInput(raw: string): string {
  const cleaned = raw.replace(/[^\d.,-]/g, '').replace(/,/g, '');
  if (cleaned === '' || cleaned === '-') return cleaned;
  const [whole = '', fraction] = cleaned.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** Spec §2 'Phone/Card': the payer's number as they read it, or 'Card' for a card payment (no msisdn). */
export const phoneOrCard = (msisdn: string | null): string => (msisdn ? formatLocalPhone(msisdn) : 'Card');
