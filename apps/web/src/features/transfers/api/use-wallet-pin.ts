import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import type { MoneyScope } from '../../../lib/money-scope.ts';
import { notify } from '../../../lib/notify.ts';
import { createPin, pinExistsQueryOptions, walletPinKeys } from './wallet-pin.ts';

type Owner = MoneyScope & { userId: string | null };

/**
 * The transfer flow, step 2 (a refund's too): on opening, whether the caller has a wallet PIN on this account
 * (`pinKnown` until the answer, so neither step shows before it); `createPin` sets one (set_pin) and answers
 * whether it did.
 */
export function useWalletPin(opened: boolean, { accountId, environment, userId }: Owner) {
  const queryClient = useQueryClient();
  const exists = useQuery({ ...pinExistsQueryOptions(accountId), enabled: opened && accountId !== null });
  const create = useMutation({
    mutationFn: (pin: string) => createPin({ accountId, environment }, userId, pin),
    onSuccess: (answer) => {
      notify.success(answer.message ?? M.pinCreated);
      queryClient.setQueryData(walletPinKeys.exists(accountId), true);
    },
    onError: (error) => notify.error(errorMessage(error, M.pinCheckFailed)),
  });

  useEffect(() => {
    if (opened && exists.isError) notify.error(M.pinCheckFailed);
  }, [opened, exists.isError]);

  return {
    pinKnown: exists.data !== undefined,
    needsPin: exists.data === false,
    creating: create.isPending,
    createPin: (pin: string): Promise<boolean> =>
      create.mutateAsync(pin).then(
        () => true,
        () => false,
      ),
  };
}
