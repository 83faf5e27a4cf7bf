import { queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { transferKeys } from './transfer-keys.ts';

/** The payout's name step: the network of the receiver's number and who its provider says holds it, masked. */
export const lookUpMobileMoneyName = async (phone: string) =>
  (await call('POST /api/wallet/mobile-money-name', { body: { phone } })).data;

export type MobileMoneyName = Awaited<ReturnType<typeof lookUpMobileMoneyName>>;

export const useMobileMoneyName = () => useMutation({ mutationFn: lookUpMobileMoneyName });

/** The same look-up read by the approver of a held payout, once a minute at most; a refusal is not asked again. */
export const mobileMoneyNameQueryOptions = (phone: string) =>
  queryOptions({
    queryKey: transferKeys.mobileMoneyName(phone),
    queryFn: () => lookUpMobileMoneyName(phone),
    retry: false,
    staleTime: 60_000,
  });
