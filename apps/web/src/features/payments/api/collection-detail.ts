import type { CollectionDetail } from '@sente/contracts/payments-answers';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { collectionKeys } from '../../../lib/collections-query.ts';
import { type MoneyScope, useMoneyScope } from '../../../lib/money-scope.ts';
import { notify } from '../../../lib/notify.ts';

/** How often an open payment is read again while it, or one of its refunds, waits for its provider. */
export const PENDING_PAYMENT_REFRESH_MS = 3000;

const waiting = (payment: CollectionDetail | undefined) =>
  payment !== undefined && (payment.status === 'pending' || payment.refunds.some((refund) => refund.status === 'pending'));

/**
 * GET /api/collections/{id}, one payment of the account's active environment with its timeline; read
 * again every few seconds while it or a refund of it is pending, so the drawer shows the outcome when it comes.
 */
export const collectionDetailQueryOptions = (scope: MoneyScope, id: string) =>
  queryOptions({
    queryKey: collectionKeys.detail(scope, id),
    queryFn: async ({ signal }) => (await call('GET /api/collections/:id', { params: { id }, signal })).data,
    refetchInterval: (query) => (waiting(query.state.data) ? PENDING_PAYMENT_REFRESH_MS : false),
  });

export function useCollectionDetail(id: string) {
  return useQuery(collectionDetailQueryOptions(useMoneyScope(), id));
}

/**
 * POST /api/collections/{id}/resend-receipt: the server's message as a toast either way; once sent, the payment is
 * read again so its timeline shows the receipt.
 */
export function useResendReceipt(id: string) {
  const scope = useMoneyScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => call('POST /api/collections/:id/resend-receipt', { params: { id } }),
    onSuccess: async (answer) => {
      if (answer.message) notify.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: collectionKeys.detail(scope, id) });
    },
    onError: (error) => notify.error(error.message),
  });
}
