import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { formatCompact, formatNumber } from '@sente/contracts/format';
import type { ReportPeriod } from '@sente/contracts/report-periods';
import { statsXAxisProps } from '../../../lib/dashboard-stats.ts';

export type TransactionsPoint = { day: string; ugx: number; usd: number };

/**
 * Dashboard: the transactions line chart. USD (in dollars here) gets its own axis on the right, since a
 * few dollars beside millions of shillings would lie flat on the floor. Loaded lazily: the charting library stays
 * out of the Overview's first download.
 */
export function TransactionsChart({
  points,
  withUsd,
  period,
}: {
  points: TransactionsPoint[];
  withUsd: boolean;
  period: ReportPeriod;
}) {
  return (
    <LineChart
      h={240}
      data={points}
      dataKey="day"
      series={[
        { name: 'ugx', label: 'Received UGX', color: 'sente.7' },
        ...(withUsd ? [{ name: 'usd', label: 'Received USD', color: 'blue.7', yAxisId: 'right' }] : []),
      ]}
      curveType="monotone"
      withDots={points.length <= 12}
      withLegend
      withRightYAxis={withUsd}
      valueFormatter={formatNumber}
      yAxisProps={{ width: 44, tickFormatter: formatCompact }}
      rightYAxisProps={{ width: 44, tickFormatter: formatCompact }}
      xAxisProps={statsXAxisProps(period, 16)}
      // The chart is drawn aria-hidden beside its figures table; recharts' keyboard layer would focus inside it.
      lineChartProps={{ accessibilityLayer: false }}
    />
  );
}
