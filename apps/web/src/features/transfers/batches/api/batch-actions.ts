import type { BatchRowInput, PayoutBatch } from '@sente/contracts/payout-batches';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client.ts';
import { awaitingApprovalKeys } from '../../../../lib/awaiting-approval.ts';
import { useMoneyScope } from '../../../../lib/money-scope.ts';
import { profileKeys } from '../../../../lib/profile.ts';
import { transferKeys } from '../../api/transfer-keys.ts';
import { batchKeys } from './batch-keys.ts';

/** An answer that carries the batch as it now is, and the server's words for what happened. */
type BatchAnswer = { message?: string | undefined; batch: PayoutBatch };

/**
 * POST /api/payout-batches, multipart: the sheet and its optional reference. The reference goes before the file, so a
 * streaming parser has read it when the file arrives (as lib/upload-file.ts does).
 */
export function useUploadBatch() {
  const queryClient = useQueryClient();
  const scope = useMoneyScope();
  return useMutation({
    mutationFn: async ({ file, reference }: { file: File; reference: string }) => {
      const body = new FormData();
      if (reference.trim()) body.append('reference', reference.trim());
      body.append('file', file);
      return call('POST /api/payout-batches', { body });
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(batchKeys.detail(scope, answer.data.id), answer.data);
      return queryClient.invalidateQueries({ queryKey: batchKeys.lists(scope) });
    },
  });
}

/**
 * One step on a batch (an edit, a submit, an approval...): the batch it answers replaces the one shown, and its rows
 * and the batch list are read again. An approval moves money, so the balances and transfers are read again too.
 */
export function useBatchStep<Input>(id: string, step: (input: Input) => Promise<BatchAnswer>) {
  const queryClient = useQueryClient();
  const scope = useMoneyScope();
  return useMutation({
    mutationFn: step,
    onSuccess: ({ batch }) => {
      queryClient.setQueryData(batchKeys.detail(scope, id), batch);
      void queryClient.invalidateQueries({ queryKey: batchKeys.rows(scope, id) });
      void queryClient.invalidateQueries({ queryKey: batchKeys.lists(scope) });
      // Submitted, answered or withdrawn: what waits for approval changed.
      void queryClient.invalidateQueries({ queryKey: awaitingApprovalKeys.all });
      if (batch.status !== 'draft') {
        void queryClient.invalidateQueries({ queryKey: transferKeys.all });
        void queryClient.invalidateQueries({ queryKey: profileKeys.all });
      }
    },
  });
}

const batchOf = (answer: { message?: string | undefined; data: PayoutBatch }): BatchAnswer => ({
  message: answer.message,
  batch: answer.data,
});
const rowBatchOf = (answer: { message?: string | undefined; data: { batch: PayoutBatch } }): BatchAnswer => ({
  message: answer.message,
  batch: answer.data.batch,
});

/** The calls of each step, by the catalogue's keys. */
export const batchSteps = {
  editRow:
    (id: string) =>
    async ({ rowId, values }: { rowId: string; values: BatchRowInput }) =>
      rowBatchOf(await call('PUT /api/payout-batches/:id/rows/:rowId', { params: { id, rowId }, body: values })),
  removeRow: (id: string) => async (rowId: string) =>
    batchOf(await call('DELETE /api/payout-batches/:id/rows/:rowId', { params: { id, rowId } })),
  acceptName: (id: string) => async (rowId: string) =>
    rowBatchOf(await call('POST /api/payout-batches/:id/rows/:rowId/accept-name', { params: { id, rowId }, body: {} })),
  submit: (id: string) => async () => batchOf(await call('POST /api/payout-batches/:id/submit', { params: { id }, body: {} })),
  approve: (id: string) => async (pinToken: string) =>
    batchOf(await call('POST /api/payout-batches/:id/approve', { params: { id }, body: { pin_token: pinToken } })),
  reject: (id: string) => async (reason: string) =>
    batchOf(await call('POST /api/payout-batches/:id/reject', { params: { id }, body: { reason } })),
  withdraw: (id: string) => async () =>
    batchOf(await call('POST /api/payout-batches/:id/withdraw', { params: { id }, body: {} })),
};

/** DELETE /api/payout-batches/:id: a draft thrown away; the list forgets it. */
export function useDiscardBatch(id: string) {
  const queryClient = useQueryClient();
  const scope = useMoneyScope();
  return useMutation({
    mutationFn: () => call('DELETE /api/payout-batches/:id', { params: { id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: batchKeys.detail(scope, id) });
      return queryClient.invalidateQueries({ queryKey: batchKeys.lists(scope) });
    },
  });
}

/** POST /api/payout-batches/:id/retry: a new batch of the failed rows, which needs approval again. */
export function useRetryBatch(id: string) {
  const queryClient = useQueryClient();
  const scope = useMoneyScope();
  return useMutation({
    mutationFn: () => call('POST /api/payout-batches/:id/retry', { params: { id }, body: {} }),
    onSuccess: (answer) => {
      queryClient.setQueryData(batchKeys.detail(scope, answer.data.id), answer.data);
      return queryClient.invalidateQueries({ queryKey: batchKeys.lists(scope) });
    },
  });
}
