import type { Page } from '@sente/contracts/api';
import type { BATCH_ROW_VIEWS, BatchListItem, BatchRow, PayoutBatch } from '@sente/contracts/payout-batches';
import { infiniteQueryOptions, type QueryKey, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { call } from '../../../../lib/api-client.ts';
import { type MoneyScope, useMoneyScope } from '../../../../lib/money-scope.ts';
import { cursorListOptions, useCursorList } from '../../../../lib/use-cursor-list.ts';
import { batchKeys } from './batch-keys.ts';

export type RowView = (typeof BATCH_ROW_VIEWS)[number];

/** How often a batch whose names are being checked, or whose rows are being paid, is read again. */
export const BATCH_POLL_MS = 2000;

/** While the worker still has work on the batch: its names checked, or its rows paid. */
export const batchBusy = (batch: Pick<PayoutBatch, 'status' | 'counts'>) =>
  batch.counts.names_pending > 0 || batch.status === 'paying';

/** GET /api/payout-batches?cursor=: the account's batches, newest first. */
export const batchListOptions = (scope: MoneyScope) =>
  cursorListOptions<BatchListItem>(batchKeys.lists(scope), 'GET /api/payout-batches');

export function useBatchList() {
  return useCursorList(batchListOptions(useMoneyScope()));
}

/** GET /api/payout-batches/:id, read again every 2 s while the worker has work on it, and no more once it is done. */
export const batchOptions = (scope: MoneyScope, id: string) =>
  queryOptions({
    queryKey: batchKeys.detail(scope, id),
    queryFn: async ({ signal }) => (await call('GET /api/payout-batches/:id', { params: { id }, signal })).data,
    refetchInterval: (query) => (query.state.data && batchBusy(query.state.data) ? BATCH_POLL_MS : false),
  });

export function useBatch(id: string) {
  return useQuery(batchOptions(useMoneyScope(), id));
}

/**
 * GET /api/payout-batches/:id/rows?show=&cursor=: a batch's rows in sheet order, a keyset page at a time, read again
 * with the batch while it is busy.
 */
export function batchRowsOptions(scope: MoneyScope, id: string, show: RowView, polling: boolean) {
  // Typed as every list's key, so the options fit useCursorList as cursorListOptions' do.
  const queryKey: QueryKey = batchKeys.rowsShown(scope, id, show);
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }): Promise<Page<BatchRow>> => {
      const query = pageParam ? { show, cursor: pageParam } : { show };
      return (await call('GET /api/payout-batches/:id/rows', { params: { id }, query, signal })).data;
    },
    getNextPageParam: (last, pages) => (pages.length < last.totalPages && last.nextCursor ? last.nextCursor : undefined),
    refetchInterval: polling ? BATCH_POLL_MS : false,
  });
}

export function useBatchRows(id: string, show: RowView, polling: boolean) {
  return useCursorList(batchRowsOptions(useMoneyScope(), id, show, polling));
}

/**
 * The rows read once more when the worker is done with the batch: they were read every 2 s while it worked, and the
 * last rows paid (or names checked) came after the last of those reads.
 */
export function useRowsAfterWork(id: string, busy: boolean) {
  const queryClient = useQueryClient();
  const scope = useMoneyScope();
  const wasBusy = useRef(busy);
  useEffect(() => {
    if (wasBusy.current && !busy) void queryClient.invalidateQueries({ queryKey: batchKeys.rows(scope, id) });
    wasBusy.current = busy;
  }, [busy, queryClient, scope, id]);
}
