import { DEFAULT_ENVIRONMENT, type Environment } from '@sente/contracts/constants';
import { useProfile } from './profile.ts';

/** Collections, customers, transfers and balances belong to one account and one environment. */
export type MoneyScope = { accountId: string | null; environment: Environment };

export function useMoneyScope(): MoneyScope {
  const { data: user } = useProfile();
  const account = user?.current_account ?? null;
  return { accountId: account?.id ?? null, environment: account?.api_keys.active_environment ?? DEFAULT_ENVIRONMENT };
}
