import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** The dashboard's own queries, from generic to specific: the USD wallet answers both environments' balances at once. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  scope: (accountId: string | null) => [...dashboardKeys.all, accountId] as const,
  usdWallet: (accountId: string | null) => [...dashboardKeys.scope(accountId), 'usd-wallet'] as const,
  /** The first-steps panel's counts, which depend on the environment too (get-first-steps.ts). */
  firstSteps: (accountId: string | null, environment: string) =>
    [...dashboardKeys.scope(accountId), 'first-steps', environment] as const,
};

/** GET /api/wallet/usd: the USD wallet's balances in cents, live and test. */
export const usdWalletQueryOptions = (accountId: string | null) =>
  queryOptions({
    queryKey: dashboardKeys.usdWallet(accountId),
    queryFn: async ({ signal }) => (await call('GET /api/wallet/usd', { signal })).data,
    enabled: accountId !== null,
  });

export function useUsdWallet(accountId: string | null) {
  return useQuery(usdWalletQueryOptions(accountId));
}
