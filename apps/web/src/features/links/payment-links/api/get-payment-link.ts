import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client.ts';
import { type MoneyScope, useMoneyScope } from '../../../../lib/money-scope.ts';
import { paymentLinkKeys } from './payment-link-keys.ts';

export async function getPaymentLink(ref: string, signal?: AbortSignal) {
  return (await call('GET /api/payment-link/details/:ref', { params: { ref }, signal })).data;
}

export const paymentLinkQueryOptions = (scope: MoneyScope, ref: string) =>
  queryOptions({ queryKey: paymentLinkKeys.detail(scope, ref), queryFn: ({ signal }) => getPaymentLink(ref, signal) });

/** Edit mode: the link behind /payment-links/edit/:ref. */
export function usePaymentLink(ref: string | undefined) {
  return useQuery({ ...paymentLinkQueryOptions(useMoneyScope(), ref ?? ''), enabled: ref !== undefined });
}
