import { formatDateTime } from '@sente/contracts/format';
import type { CustomerRow } from '@sente/contracts/payments';
import { formatPhone } from '@sente/contracts/payments';

/** Shown for a detail the customer did not give (a card payer has no phone, a mobile payer may have no e-mail). */
export const NOT_GIVEN = '—';

export const customerPhone = (phone: string | null): string => (phone ? formatPhone(phone) : NOT_GIVEN);

/**
 * The other names a shared phone or e-mail paid under (decision 036), the most recent first: 'Also paid as Okello John,
 * Akello Grace and 3 more', or null when the customer paid under one name only.
 */
export function alsoPaidAs({ other_names, other_names_total }: Pick<CustomerRow, 'other_names' | 'other_names_total'>) {
  if (other_names.length === 0) return null;
  const more = other_names_total - other_names.length;
  return `Also paid as ${other_names.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** When the customer's latest successful payment was made, as every date of the dashboard. */
export const lastPaid = ({ last_paid_at }: Pick<CustomerRow, 'last_paid_at'>): string =>
  last_paid_at ? formatDateTime(last_paid_at) : NOT_GIVEN;
