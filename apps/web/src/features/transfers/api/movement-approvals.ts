import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { awaitingApprovalKeys } from '../../../lib/awaiting-approval.ts';
import { profileKeys } from '../../../lib/profile.ts';
import { transferKeys } from './transfer-keys.ts';

/**
 * What is said of a movement awaiting approval (decisions 067 and 071), by the catalogue's keys: a second member
 * approves it (with a PIN token) or declines it (with a reason); the member who asked withdraws it (no input).
 */
const answers = {
  approve: (id: string, pinToken: string) =>
    call('POST /api/transfers/:id/approve', { params: { id }, body: { pin_token: pinToken } }),
  decline: (id: string, reason: string) => call('POST /api/transfers/:id/decline', { params: { id }, body: { reason } }),
  withdraw: (id: string) => call('POST /api/transfers/:id/withdraw', { params: { id }, body: {} }),
};

/**
 * Approves, declines or withdraws the movement `id`; then the transfers and the balances are read again, since a
 * decline or a withdrawal returns its money and an approval sends it on.
 */
export function useAnswerMovement<Step extends keyof typeof answers>(step: Step, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: string) => (step === 'withdraw' ? answers.withdraw(id) : answers[step as 'approve'](id, input)),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: transferKeys.all }),
        queryClient.invalidateQueries({ queryKey: awaitingApprovalKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      ]),
  });
}
