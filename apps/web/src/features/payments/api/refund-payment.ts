import type { RefundInput } from '@sente/contracts/payments-input';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { collectionKeys } from '../../../lib/collections-query.ts';
import { useMoneyScope } from '../../../lib/money-scope.ts';
import { profileKeys } from '../../../lib/profile.ts';
import { transferKeys } from '../../transfers/index.ts';

type RefundVariables = { input: RefundInput; idempotencyKey: string };

/**
 * Decision 053: POST /api/collections/{id}/refund. The same Idempotency-Key for every try of one opening of the
 * modal makes a retry after a lost answer replay the first refund (200) instead of paying the payer twice.
 */
export const refundPayment = (id: string, { input, idempotencyKey }: RefundVariables) =>
  call('POST /api/collections/:id/refund', { params: { id }, headers: { 'idempotency-key': idempotencyKey }, body: input });

/**
 * Refunds the payment, then reads again what it changed (the mutation ends when they are read): the payment with its
 * refunds and timeline, the transfers list and the statement with their wallet summary, and the balances (profile).
 * A refusal reads the payment again too: what can be refunded may have changed meanwhile (a refund through /v1).
 */
export function useRefundPayment(id: string) {
  const scope = useMoneyScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: RefundVariables) => refundPayment(id, variables),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: collectionKeys.detail(scope, id) }),
        queryClient.invalidateQueries({ queryKey: transferKeys.scope(scope) }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ]),
    onError: () => queryClient.invalidateQueries({ queryKey: collectionKeys.detail(scope, id) }),
  });
}
