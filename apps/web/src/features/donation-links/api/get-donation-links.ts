import type { DonationLink } from '@sente/contracts/links';
import { useCursorList } from '../../../lib/use-cursor-list.ts';
import { donationLinkKeys, useDonationLinkScope } from './donation-link-keys.ts';

export const DONATION_LINKS_PATH = '/api/donation-link';

/** Spec §7 Lists: GET /api/donation-link?cursor=, newest first. */
export function useDonationLinks() {
  return useCursorList<DonationLink>(donationLinkKeys.list(useDonationLinkScope()), DONATION_LINKS_PATH);
}
