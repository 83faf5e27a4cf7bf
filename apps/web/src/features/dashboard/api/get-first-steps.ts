import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { type MoneyScope, useMoneyScope } from '../../../lib/money-scope.ts';
import { dashboardKeys } from './get-usd-wallet.ts';

/** What the first-steps panel needs beyond the profile: how many links of any kind, how many test payments went through. */
export type FirstStepCounts = { links: number; testPayments: number };

type CountedList =
  | 'GET /api/payment-link'
  | 'GET /api/donation-link'
  | 'GET /api/donation-link/get_digital_items'
  | 'GET /api/collections';
const totalOf = async (key: CountedList, signal: AbortSignal, query = '') => (await call(key, { query, signal })).data.totalItems;

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
        totalOf('GET /api/payment-link', signal),
        totalOf('GET /api/donation-link', signal),
        totalOf('GET /api/donation-link/get_digital_items', signal),
        environment === 'test' ? totalOf('GET /api/collections', signal, 'status=successful') : Promise.resolve(0),
      ]);
      return { links: paymentLinks + donationLinks + digitalItems, testPayments };
    },
    enabled: enabled && accountId !== null,
    staleTime: 0,
  });

export function useFirstStepCounts(enabled: boolean) {
  return useQuery(firstStepsQueryOptions(useMoneyScope(), enabled));
}
