import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { profileKeys } from '../../../lib/profile.ts';
import { settlementKeys } from './settlement-keys.ts';

/** The two answers a second member gives a movement awaiting approval (decision 067), by the catalogue's keys. */
const answers = {
  approve: (id: string, pinToken: string) =>
    call('POST /api/transfers/:id/approve', { params: { id }, body: { pin_token: pinToken } }),
  decline: (id: string, reason: string) => call('POST /api/transfers/:id/decline', { params: { id }, body: { reason } }),
};

/**
 * Approves (with a PIN token) or declines (with a reason) the movement `id`; then the transfers and the balances are
 * read again, since a decline returns its money and an approval sends it on.
 */
export function useAnswerMovement<Step extends keyof typeof answers>(step: Step, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: string) => answers[step](id, input),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: settlementKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ]),
  });
}
