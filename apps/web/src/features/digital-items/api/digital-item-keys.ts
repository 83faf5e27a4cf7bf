import { DEFAULT_ENVIRONMENT, type Environment } from '@sente/contracts/constants';
import { useProfile } from '../../../lib/profile.ts';

/** The account and environment a digital-item query belongs to (collections totals differ per environment). */
export type ItemScope = { accountId: string | null; environment: Environment };

/** Keys from generic to specific, so switching account or mode gives every list a fresh cache entry. */
export const digitalItemKeys = {
  all: ['digital-items'] as const,
  scope: ({ accountId, environment }: ItemScope) => [...digitalItemKeys.all, accountId, environment] as const,
  list: (scope: ItemScope) => [...digitalItemKeys.scope(scope), 'list'] as const,
  detail: (scope: ItemScope, ref: string) => [...digitalItemKeys.scope(scope), 'detail', ref] as const,
};

export function useItemScope(): ItemScope {
  const { data: user } = useProfile();
  const account = user?.current_account ?? null;
  return { accountId: account?.id ?? null, environment: account?.api_keys.active_environment ?? DEFAULT_ENVIRONMENT };
}
