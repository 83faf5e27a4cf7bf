import { type PayoutRulesInput, PAYOUT_RULE_MESSAGES as R } from '@sente/contracts/payout-rules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { useMoneyScope } from '../../../lib/money-scope.ts';
import { notify } from '../../../lib/notify.ts';
import { settlementKeys } from './settlement-keys.ts';

/** The rules are the account's, the same in both environments: keyed by the account only. */
export const payoutRulesKeys = {
  rules: (accountId: string | null) => [...settlementKeys.all, accountId, 'payout-rules'] as const,
};

/** GET /api/payout-rules: the account's caps and approval threshold (decision 065). */
export const payoutRulesQueryOptions = (accountId: string | null) =>
  queryOptions({
    queryKey: payoutRulesKeys.rules(accountId),
    queryFn: async ({ signal }) => (await call('GET /api/payout-rules', { signal })).data,
  });

export function usePayoutRules() {
  return useQuery(payoutRulesQueryOptions(useMoneyScope().accountId));
}

/** POST /api/payout-rules: the whole set; the form shows a refusal under the field it names. */
export function useSavePayoutRules() {
  const queryClient = useQueryClient();
  const { accountId } = useMoneyScope();
  return useMutation({
    mutationFn: (input: PayoutRulesInput) => call('POST /api/payout-rules', { body: input }),
    onSuccess: (answer) => {
      notify.success(R.saved);
      queryClient.setQueryData(payoutRulesKeys.rules(accountId), answer.data);
    },
  });
}
