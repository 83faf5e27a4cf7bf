import { formatMoney } from '@sente/contracts/format';
import type { DonationLink, LinkVisibility } from '@sente/contracts/links';

/** Spec §9: donation links are Public (advertised on the landing page) or Private; public is the default. */
export const DONATION_LINK_TYPE_LABELS: Record<LinkVisibility, string> = { public: 'Public', private: 'Private' };

export const donationLinkTypeLabel = (link: Pick<DonationLink, 'type'>) => DONATION_LINK_TYPE_LABELS[link.type];

/** A target of 0 means the merchant set none: donors give without a goal to reach. */
export const donationTarget = (link: Pick<DonationLink, 'target'>) => (link.target > 0 ? formatMoney(link.target) : 'No target');
