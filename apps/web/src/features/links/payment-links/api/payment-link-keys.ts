import type { MoneyScope } from '../../../../lib/money-scope.ts';

/**
 * Keys from generic to specific: every payment link, one account and environment's (a link's collections totals
 * differ per environment, and switching either gives every list a fresh cache entry), their lists, one link.
 */
export const paymentLinkKeys = {
  all: ['payment-links'] as const,
  scope: ({ accountId, environment }: MoneyScope) => [...paymentLinkKeys.all, accountId, environment] as const,
  lists: (scope: MoneyScope) => [...paymentLinkKeys.scope(scope), 'list'] as const,
  details: (scope: MoneyScope) => [...paymentLinkKeys.scope(scope), 'detail'] as const,
  detail: (scope: MoneyScope, ref: string) => [...paymentLinkKeys.details(scope), ref] as const,
};
