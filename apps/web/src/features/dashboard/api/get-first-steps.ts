import type { Page } from '@sente/contracts/api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { type MoneyScope, useMoneyScope } from '../../../lib/money-scope.ts';
import { dashboardKeys } from './get-usd-wallet.ts';

/** What the first-steps panel needs beyond the profile: how many links of any kind, how many test payments went through. */
export type FirstStepCounts = { links: number; testPayments: number };

const totalOf = async (path: string, signal: AbortSignal) => (await api<Page<unknown>>(path, { signal })).data.totalItems;

/**
 * The lists' totals, read from the counters the server keeps (a first page each): the three link lists, and in test
 * mode the successful collections (in live mode the test payments are behind the merchant). Asked again on every visit
 * to the Overview (staleTime 0), so a link made a moment ago ticks its step when the merchant comes back.
 */
export const firstStepsQueryOptions = ({ accountId, environment }: MoneyScope, enabled: boolean) =>
  queryOptions({
    queryKey: dashboardKeys.firstSteps(accountId, environment),
    queryFn: async ({ signal }): Promise<FirstStepCounts> => {
      const [paymentLinks, donationLinks, digitalItems, testPayments] = await Promise.all([
        totalOf('/api/payment-link', signal),
        totalOf('/api/donation-link', signal),
        totalOf('/api/donation-link/get_digital_items', signal),
        environment === 'test' ? totalOf('/api/collections?status=successful', signal) : Promise.resolve(0),
      ]);
      return { links: paymentLinks + donationLinks + digitalItems, testPayments };
    },
    enabled: enabled && accountId !== null,
    staleTime: 0,
  });

export function useFirstStepCounts(enabled: boolean) {
  return useQuery(firstStepsQueryOptions(useMoneyScope(), enabled));
}
