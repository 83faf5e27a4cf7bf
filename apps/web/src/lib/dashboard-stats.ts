import type { ReportPeriod } from '@sente/contracts/report-periods';
import type { DashboardStats } from '@sente/contracts/reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { XAxisProps } from 'recharts';
import { call } from './api-client.ts';
import { type MoneyScope, useMoneyScope } from './money-scope.ts';

/** The Overview chart and the Reports card read one cache: per account, environment and period. */
export const dashboardStatsKeys = {
  all: ['dashboard-stats'] as const,
  scope: ({ accountId, environment }: MoneyScope) => [...dashboardStatsKeys.all, accountId, environment] as const,
  period: (scope: MoneyScope, period: ReportPeriod) => [...dashboardStatsKeys.scope(scope), period] as const,
};

export const dashboardStatsQueryOptions = (scope: MoneyScope, period: ReportPeriod) =>
  queryOptions({
    queryKey: dashboardStatsKeys.period(scope, period),
    queryFn: async ({ signal }) => (await call('GET /api/reports/dashboard-stats', { query: { period }, signal })).data,
    enabled: scope.accountId !== null,
    // The last period's figures stay on screen while the next period loads, so the card does not jump.
    placeholderData: keepPreviousData,
  });

/** Dashboard stats: successful collections of the active account and environment over one period. */
export function useDashboardStats(period: ReportPeriod) {
  return useQuery(dashboardStatsQueryOptions(useMoneyScope(), period));
}

/**
 * The x axis of a chart of one period: each of the 12 months labelled, slanted so that all of them fit side by side
 * on a phone too (recharts would drop every other one); days as many as fit, at least `minTickGap` apart.
 */
export function statsXAxisProps(period: ReportPeriod, minTickGap: number): Omit<XAxisProps, 'ref'> {
  return period === '12m' ? { interval: 0, angle: -55, textAnchor: 'end', height: 64 } : { minTickGap };
}

/** The empty state of a period without a successful collection. */
export const NOTHING_RECEIVED = 'No collections in this period yet';

/** Whether anything came in over the period, in either currency. */
export const hasReceived = (stats: DashboardStats): boolean => stats.total > 0 || stats.total_usd > 0;
