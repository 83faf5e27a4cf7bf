import { luhnValid } from '@sente/contracts/payments';

/** Card inputs as the payer types them: digits grouped in fours, expiry as MM/YY, the code as digits. */
export function formatCardNumber(raw: string): string {
  return raw
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function formatCardExpiry(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export function formatCardCvc(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 4);
}

export const cardDigits = (value: string) => value.replace(/[\s-]/g, '');

export function cardNumberValid(value: string): boolean {
  const digits = cardDigits(value);
  return /^\d{12,19}$/.test(digits) && luhnValid(digits);
}

export function cardExpiryValid(value: string): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  return match !== null && Number(match[1]) >= 1 && Number(match[1]) <= 12;
}

export const cardCvcValid = (value: string) => /^\d{3,4}$/.test(value.trim());
