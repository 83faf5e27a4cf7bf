// The report periods and their labels, apart from the schemas in reports.ts: the Overview and the Reports page
// import these at run time, and a module that builds zod schemas would load zod onto those pages (decision 050).
/**
 * The periods of GET /api/reports/dashboard-stats?period=: the last 7 or 30 days by day, or the last 12 months by
 * month, in Africa/Kampala time, ending today (this month) inclusive. Without ?period= the answer is 7d.
 */
export const REPORT_PERIODS = ['7d', '30d', '12m'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const DEFAULT_REPORT_PERIOD: ReportPeriod = '7d';

export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '12m': 'Last 12 months',
};

export const REPORT_MESSAGES = {
  invalidPeriod: 'The period must be 7d, 30d or 12m',
} as const;
