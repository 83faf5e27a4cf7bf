import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client.ts';
import { type MoneyScope, useMoneyScope } from '../../../../lib/money-scope.ts';
import { digitalItemKeys } from './digital-item-keys.ts';

// NOTE: 'degital' is the spec's spelling of this path.
export async function getDigitalItem(ref: string, signal?: AbortSignal) {
  return (await call('GET /api/donation-link/details_degital_item/:ref', { params: { ref }, signal })).data;
}

export const digitalItemQueryOptions = (scope: MoneyScope, ref: string) =>
  queryOptions({ queryKey: digitalItemKeys.detail(scope, ref), queryFn: ({ signal }) => getDigitalItem(ref, signal) });

/** Edit mode: the item behind /sente-digital-items/edit/:ref. */
export function useDigitalItem(ref: string | undefined) {
  return useQuery({ ...digitalItemQueryOptions(useMoneyScope(), ref ?? ''), enabled: ref !== undefined });
}
