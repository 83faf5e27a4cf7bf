import { DEFAULT_ENVIRONMENT, type Environment } from '@sente/contracts/constants';
import { useProfile } from '../../../lib/profile.ts';

/** The account and environment a donation-link query belongs to (donation totals differ per environment). */
export type DonationLinkScope = { accountId: string | null; environment: Environment };

/** Keys from generic to specific, so switching account or mode gives every list a fresh cache entry. */
export const donationLinkKeys = {
  all: ['donation-links'] as const,
  scope: ({ accountId, environment }: DonationLinkScope) => [...donationLinkKeys.all, accountId, environment] as const,
  list: (scope: DonationLinkScope) => [...donationLinkKeys.scope(scope), 'list'] as const,
  detail: (scope: DonationLinkScope, ref: string) => [...donationLinkKeys.scope(scope), 'detail', ref] as const,
};

export function useDonationLinkScope(): DonationLinkScope {
  const { data: user } = useProfile();
  const account = user?.current_account ?? null;
  return { accountId: account?.id ?? null, environment: account?.api_keys.active_environment ?? DEFAULT_ENVIRONMENT };
}
