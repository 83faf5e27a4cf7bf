import type { StatementEntry } from '@sente/contracts/transfers';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { type MoneyScope, useMoneyScope } from '../../../lib/money-scope.ts';
import { cursorListOptions, useCursorList } from '../../../lib/use-cursor-list.ts';
import { transferKeys } from './transfer-keys.ts';

/** Kampala days, both included, as the statement's date inputs hold them (YYYY-MM-DD). */
export type StatementRange = { from: string; to: string };

/**
 * Under the wallet's scope key of the feature's factory: a transfer, which invalidates every settlements key,
 * refreshes the statement too.
 */
export const statementKeys = {
  lists: (scope: MoneyScope) => [...transferKeys.scope(scope), 'statement'] as const,
  list: (scope: MoneyScope, range: StatementRange) => [...statementKeys.lists(scope), range] as const,
  summary: (scope: MoneyScope, range: StatementRange) => [...statementKeys.lists(scope), 'summary', range] as const,
};

/** The query string of the statement and of its download. */
export const statementSearch = ({ from, to }: StatementRange) => new URLSearchParams({ from, to }).toString();

/** Decision 052: GET /api/wallet/statement?from=&to=&cursor=, the wallet's lines newest first with the balance after each. */
export const statementQueryOptions = (scope: MoneyScope, range: StatementRange) =>
  cursorListOptions<StatementEntry>(statementKeys.list(scope, range), 'GET /api/wallet/statement', statementSearch(range));

export function useStatement(range: StatementRange) {
  return useCursorList(statementQueryOptions(useMoneyScope(), range));
}

/** GET /api/wallet/statement/summary?from=&to=, the range's opening and closing balances and its totals. */
export const statementSummaryQueryOptions = (scope: MoneyScope, range: StatementRange) =>
  queryOptions({
    queryKey: statementKeys.summary(scope, range),
    queryFn: async ({ signal }) =>
      (await call('GET /api/wallet/statement/summary', { query: statementSearch(range), signal })).data,
  });

export function useStatementSummary(range: StatementRange) {
  return useQuery(statementSummaryQueryOptions(useMoneyScope(), range));
}
