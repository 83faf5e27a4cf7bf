import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client.ts';
import { type MoneyScope, useMoneyScope } from '../../../../lib/money-scope.ts';
import { donationLinkKeys } from './donation-link-keys.ts';

export async function getDonationLink(ref: string, signal?: AbortSignal) {
  return (await call('GET /api/donation-link/details/:ref', { params: { ref }, signal })).data;
}

export const donationLinkQueryOptions = (scope: MoneyScope, ref: string) =>
  queryOptions({ queryKey: donationLinkKeys.detail(scope, ref), queryFn: ({ signal }) => getDonationLink(ref, signal) });

/** Edit mode: the donation link behind /donation-links/edit/:ref. */
export function useDonationLink(ref: string | undefined) {
  return useQuery({ ...donationLinkQueryOptions(useMoneyScope(), ref ?? ''), enabled: ref !== undefined });
}
