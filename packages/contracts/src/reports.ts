import { z } from 'zod';
import { DEFAULT_REPORT_PERIOD, REPORT_MESSAGES, REPORT_PERIODS } from './report-periods.ts';

export const dashboardStatsQuery = z.object({
  period: z.enum(REPORT_PERIODS, { error: REPORT_MESSAGES.invalidPeriod }).optional().default(DEFAULT_REPORT_PERIOD),
});

/**
 * Dashboard stats, for the active environment, successful collections only, each counted on the Kampala day
 * it completed: `keys` are the chart's categories ('2026-11-23' by day, '2026-11' by month, oldest first), `data` and
 * `data_usd` the amounts received in UGX and USD for each key (same length as `keys`, 0 where nothing came in),
 * `groupSumByChannel` the period's UGX total by mobile-money network (cards count in `data` and `total`, not here).
 * `total` and `total_usd` are the period's sums of `data` and `data_usd`. Amounts are whole minor units: UGX, and USD in cents.
 */
export const dashboardStats = z.object({
  period: z.enum(REPORT_PERIODS),
  keys: z.array(z.string()),
  data: z.array(z.number()),
  data_usd: z.array(z.number()),
  groupSumByChannel: z.object({ MTN_UG: z.number(), AIRTEL: z.number() }),
  total: z.number(),
  total_usd: z.number(),
});
export type DashboardStats = z.output<typeof dashboardStats>;
