import type { DonationLink } from '@sente/contracts/links';
import { type MoneyScope, useMoneyScope } from '../../../../lib/money-scope.ts';
import { cursorListOptions, useCursorList } from '../../../../lib/use-cursor-list.ts';
import { donationLinkKeys } from './donation-link-keys.ts';

export const DONATION_LINKS_PATH = 'GET /api/donation-link';

/** GET /api/donation-link?cursor=, newest first. */
export const donationLinksQueryOptions = (scope: MoneyScope) =>
  cursorListOptions<DonationLink>(donationLinkKeys.lists(scope), DONATION_LINKS_PATH);

export function useDonationLinks() {
  return useCursorList(donationLinksQueryOptions(useMoneyScope()));
}
