import { formatMoney } from '@sente/contracts/format';
import type { PaymentLink } from '@sente/contracts/links';
import { LINK_MESSAGES } from '@sente/contracts/messages';

/** The list page's heading, create button and empty state. */
export const PAYMENT_LINKS_PAGE = {
  title: 'Payment Links',
  intro: 'Share a link, get paid by mobile money or card.',
  create: { path: '/new-payment-link', label: 'New Payment Link' },
  emptyMessage: LINK_MESSAGES.noPaymentLinks,
};

export const LINK_TYPE_LABELS = { fixed: 'Fixed Charge', dynamic: 'Dynamic Charge' } as const;
export type LinkType = keyof typeof LINK_TYPE_LABELS;

export const linkTypeLabel = (link: Pick<PaymentLink, 'fixed_amount'>) =>
  LINK_TYPE_LABELS[link.fixed_amount ? 'fixed' : 'dynamic'];

/** A dynamic charge has no price: the payer chooses the amount. */
export const linkPrice = (link: Pick<PaymentLink, 'fixed_amount' | 'amount'>) =>
  link.fixed_amount ? formatMoney(link.amount) : '—';
