import { formatMoney } from '@sente/contracts/format';
import type { PaymentLink } from '@sente/contracts/links';

export const LINK_TYPE_LABELS = { fixed: 'Fixed Charge', dynamic: 'Dynamic Charge' } as const;
export type LinkType = keyof typeof LINK_TYPE_LABELS;

export const linkTypeLabel = (link: Pick<PaymentLink, 'fixed_amount'>) =>
  LINK_TYPE_LABELS[link.fixed_amount ? 'fixed' : 'dynamic'];

/** A dynamic charge has no price: the payer chooses the amount. */
export const linkPrice = (link: Pick<PaymentLink, 'fixed_amount' | 'amount'>) =>
  link.fixed_amount ? formatMoney(link.amount) : '—';
