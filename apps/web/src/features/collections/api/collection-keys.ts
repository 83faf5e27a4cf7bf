import { DEFAULT_ENVIRONMENT, type Environment } from '@sente/contracts/constants';
import { useProfile } from '../../../lib/profile.ts';

/** DESIGN §4: collections, customers and balances belong to one account and one environment. */
export type MoneyScope = { accountId: string | null; environment: Environment };

export function useMoneyScope(): MoneyScope {
  const { data: user } = useProfile();
  const account = user?.current_account ?? null;
  return { accountId: account?.id ?? null, environment: account?.api_keys.active_environment ?? DEFAULT_ENVIRONMENT };
}

/** Keys from generic to specific, so switching account or mode gives every list a fresh cache entry. */
export const collectionKeys = {
  all: ['collections'] as const,
  scope: ({ accountId, environment }: MoneyScope) => [...collectionKeys.all, accountId, environment] as const,
  list: (scope: MoneyScope) => [...collectionKeys.scope(scope), 'list'] as const,
  live: (scope: MoneyScope, ref: string) => [...collectionKeys.scope(scope), 'live', ref] as const,
};
