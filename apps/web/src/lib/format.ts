import { signedAmountFrom } from '@sente/contracts/links';
import { formatLocalPhone } from '@sente/contracts/payments';

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
