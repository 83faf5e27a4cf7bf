import { formatLocalPhone } from '@sente/contracts/payments';

/** Shown for a detail the customer did not give (a card payer has no phone, a mobile payer may have no e-mail). */
export const NOT_GIVEN = '—';

export const customerPhone = (phone: string | null): string => (phone ? formatLocalPhone(phone) : NOT_GIVEN);
