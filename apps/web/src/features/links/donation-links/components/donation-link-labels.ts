import { formatMoney } from '@sente/contracts/format';
import type { DonationLink } from '@sente/contracts/links';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import { VISIBILITY_LABELS } from '../../kit/link-visibility.ts';

/** The list page's heading, create button and empty state. */
export const DONATION_LINKS_PAGE = {
  title: 'Donation Links',
  intro: 'Raise money for a cause: supporters give by mobile money or card.',
  create: { path: '/new-donation-link', label: 'New Donation Link' },
  emptyMessage: LINK_MESSAGES.noDonationLinks,
};

/** Public is the default. */
export const donationLinkTypeLabel = (link: Pick<DonationLink, 'type'>) => VISIBILITY_LABELS[link.type];

/** A target of 0 means the merchant set none: donors give without a goal to reach. */
export const donationTarget = (link: Pick<DonationLink, 'target'>) => (link.target > 0 ? formatMoney(link.target) : 'No target');
