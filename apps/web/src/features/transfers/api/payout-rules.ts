import { type PayoutRulesInput, PAYOUT_RULE_MESSAGES as R } from '@sente/contracts/payout-rules';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { type MoneyScope, useMoneyScope } from '../../../lib/money-scope.ts';
import { notify } from '../../../lib/notify.ts';
import { transferKeys } from './transfer-keys.ts';

/** The rules are the account's, the same in both environments: keyed by the account only. */
export const payoutRulesKeys = {
  /** Everything of the account's transfers, both environments: what new rules change. */
  account: (accountId: string | null) => [...transferKeys.all, accountId] as const,
  rules: (accountId: string | null) => [...transferKeys.all, accountId, 'payout-rules'] as const,
  /** What the member may still send today: the day's sums are of the environment's movements, read again after each. */
  allowance: (scope: MoneyScope) => [...transferKeys.scope(scope), 'payout-allowance'] as const,
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

/** GET /api/payout-rules/allowance: the caps, the day's sums and the most one movement may be now (decision 065). */
export const payoutAllowanceQueryOptions = (scope: MoneyScope, enabled: boolean) =>
  queryOptions({
    queryKey: payoutRulesKeys.allowance(scope),
    queryFn: async ({ signal }) => (await call('GET /api/payout-rules/allowance', { signal })).data,
    enabled: enabled && scope.accountId !== null,
    staleTime: 0,
  });

/** Read each time the Transfers form opens, so that what was sent since counts. */
export function usePayoutAllowance(enabled: boolean) {
  return useQuery(payoutAllowanceQueryOptions(useMoneyScope(), enabled));
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
      return queryClient.invalidateQueries({ queryKey: payoutRulesKeys.account(accountId) });
    },
  });
}
