import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';

/** The payout's name step: the network of the receiver's number and who its provider says holds it, masked. */
export const lookUpMobileMoneyName = async (phone: string) =>
  (await call('POST /api/wallet/mobile-money-name', { body: { phone } })).data;

export type MobileMoneyName = Awaited<ReturnType<typeof lookUpMobileMoneyName>>;

export const useMobileMoneyName = () => useMutation({ mutationFn: lookUpMobileMoneyName });
