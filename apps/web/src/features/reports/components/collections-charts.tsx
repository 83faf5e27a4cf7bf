import '@mantine/charts/styles.css';
import { BarChart, DonutChart } from '@mantine/charts';
import { Box, Center, Stack, Text } from '@mantine/core';
import { formatCompact, formatNumber } from '@sente/contracts/format';
import type { ReportPeriod } from '@sente/contracts/report-periods';
import { statsXAxisProps } from '../../../lib/dashboard-stats.ts';
import classes from './collections-charts.module.css';

export type PeriodPoint = { label: string; ugx: number };
export type ChannelSlice = { name: string; value: number; color: string };

/** Reports: the amounts received in UGX for each day (or month) of the period. */
export function PeriodBarChart({ points, period }: { points: PeriodPoint[]; period: ReportPeriod }) {
  return (
    <BarChart
      h={260}
      data={points}
      dataKey="label"
      series={[{ name: 'ugx', label: 'Received UGX', color: 'sente.7' }]}
      valueFormatter={formatNumber}
      yAxisProps={{ width: 44, tickFormatter: formatCompact }}
      xAxisProps={statsXAxisProps(period, 12)}
      maxBarWidth={32}
      // The chart sits in an aria-hidden box beside its figures table: no focusable 'application' surface inside it.
      barChartProps={{ accessibilityLayer: false }}
    />
  );
}

const DONUT_SIZE = 200;

/**
 * Reports: the doughnut by mobile-money network with the total in its centre. The total is HTML laid over
 * the ring rather than SVG text, so it wraps and scales with the user's font size.
 */
export function ChannelDonut({ slices, total }: { slices: ChannelSlice[]; total: string }) {
  return (
    <Box pos="relative" w={DONUT_SIZE} h={DONUT_SIZE} mx="auto">
      <DonutChart
        data={slices}
        size={DONUT_SIZE}
        thickness={24}
        withTooltip={false}
        withLabels={false}
        valueFormatter={formatNumber}
        // Inside an aria-hidden box (the figures table beside it reads out the same): nothing in it may take focus.
        pieChartProps={{ accessibilityLayer: false }}
        pieProps={{ rootTabIndex: -1 }}
      />
      <Center pos="absolute" inset={0} className={classes.total}>
        <Stack gap={0} align="center" maw={DONUT_SIZE - 60}>
          <Text size="xs" c="gray.7">
            Total
          </Text>
          <Text fw={700} size="sm" ta="center" data-testid="doughnut-total">
            {total}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
