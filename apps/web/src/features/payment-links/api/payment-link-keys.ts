import { DEFAULT_ENVIRONMENT, type Environment } from '@sente/contracts/constants';
import { useProfile } from '../../../lib/profile.ts';

/** The account and environment a payment-link query belongs to (collections totals differ per environment). */
export type LinkScope = { accountId: string | null; environment: Environment };

/** Keys from generic to specific, so switching account or mode gives every list a fresh cache entry. */
export const paymentLinkKeys = {
  all: ['payment-links'] as const,
  scope: ({ accountId, environment }: LinkScope) => [...paymentLinkKeys.all, accountId, environment] as const,
  list: (scope: LinkScope) => [...paymentLinkKeys.scope(scope), 'list'] as const,
  detail: (scope: LinkScope, ref: string) => [...paymentLinkKeys.scope(scope), 'detail', ref] as const,
};

export function useLinkScope(): LinkScope {
  const { data: user } = useProfile();
  const account = user?.current_account ?? null;
  return { accountId: account?.id ?? null, environment: account?.api_keys.active_environment ?? DEFAULT_ENVIRONMENT };
}
