import type { LiveCollection } from '@sente/contracts/payments';

/** The answer a payer gave to the extra field with this label, or '' when they gave none. */
export const extraValue = (item: LiveCollection, label: string): string =>
  item.extra_data.find((entry) => entry.label === label)?.value ?? '';
