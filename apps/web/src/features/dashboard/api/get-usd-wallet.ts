import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

type UsdWallet = { current_balance: number; current_balance_sand_box: number };

/** Spec §7 GET /api/wallet/usd: the USD wallet's balances in cents, live and test. */
export function useUsdWallet(accountId: string | null) {
  return useQuery({
    queryKey: ['wallet', accountId, 'usd'],
    queryFn: async ({ signal }) => (await api<UsdWallet>('/api/wallet/usd', { signal })).data,
    enabled: accountId !== null,
  });
}
