import type { Environment } from '@sente/contracts/constants';
import { WALLET_MESSAGES as M } from '@sente/contracts/wallet';
import { useEffect, useState } from 'react';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { notify } from '../../../lib/notify.ts';

type Owner = { accountId: string | null; userId: string | null; environment: Environment };

/**
 * Spec §4 transfer flow, step 2: on opening, whether the caller has a wallet PIN on this account; `createPin`
 * sets one (spec §7 set_pin) and answers whether it did.
 */
export function useWalletPin(opened: boolean, { accountId, userId, environment }: Owner) {
  const [needsPin, setNeedsPin] = useState(false);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    if (!opened || !accountId) return;
    api<{ pin_exists: boolean }>('/api/wallet/pin_exists', { method: 'POST', body: { sente_account_id: accountId } })
      .then((answer) => setNeedsPin(!answer.data.pin_exists))
      .catch(() => notify.error(M.pinCheckFailed));
  }, [opened, accountId]);

  const createPin = async (pin: string): Promise<boolean> => {
    setCreating(true);
    try {
      const answer = await api('/api/wallet/set_pin', {
        method: 'POST',
        body: { user_id: userId, sente_account_id: accountId, active_environment: environment, pin },
      });
      notify.success(answer.message ?? M.pinCreated);
      setNeedsPin(false);
      return true;
    } catch (error) {
      notify.error(errorMessage(error, M.pinCheckFailed));
      return false;
    } finally {
      setCreating(false);
    }
  };

  return { needsPin, creating, createPin };
}
