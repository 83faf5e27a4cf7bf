import { formatLocalPhone } from '@sente/contracts/payments';

/** Spec §2 'Phone/Card': the payer's number as they read it, or 'Card' for a card payment (no msisdn). */
export const phoneOrCard = (msisdn: string | null): string => (msisdn ? formatLocalPhone(msisdn) : 'Card');
