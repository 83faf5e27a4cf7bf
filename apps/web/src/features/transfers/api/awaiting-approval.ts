import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { useMoneyScope } from '../../../lib/money-scope.ts';
import { settlementKeys } from './settlement-keys.ts';

/**
 * GET /api/transfers/awaiting-approval: what waits for the member's approval (decision 071), for the Transfers menu;
 * under the transfers' keys, so an answer reads it again.
 */
export function useAwaitingApproval(enabled: boolean) {
  const scope = useMoneyScope();
  return useQuery({
    queryKey: [...settlementKeys.scope(scope), 'awaiting-approval'],
    queryFn: async ({ signal }) => (await call('GET /api/transfers/awaiting-approval', { signal })).data,
    enabled: enabled && scope.accountId !== null,
  });
}
