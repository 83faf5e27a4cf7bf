import type { MoneyScope } from '../../../../lib/money-scope.ts';

/**
 * Keys from generic to specific: every donation link, one account and environment's (donation totals differ per
 * environment, and switching either gives every list a fresh cache entry), their lists, one link.
 */
export const donationLinkKeys = {
  all: ['donation-links'] as const,
  scope: ({ accountId, environment }: MoneyScope) => [...donationLinkKeys.all, accountId, environment] as const,
  lists: (scope: MoneyScope) => [...donationLinkKeys.scope(scope), 'list'] as const,
  details: (scope: MoneyScope) => [...donationLinkKeys.scope(scope), 'detail'] as const,
  detail: (scope: MoneyScope, ref: string) => [...donationLinkKeys.details(scope), ref] as const,
};
