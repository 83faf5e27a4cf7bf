import { Box, Center, Loader } from '@mantine/core';
import { formatCalendarKey, formatMoney } from '@sente/contracts/format';
import { REPORT_PERIOD_LABELS } from '@sente/contracts/report-periods';
import { lazy, Suspense } from 'react';
import { FiguresTable } from '../../../components/figures-table.tsx';
import { PeriodStatsCard } from '../../../components/period-stats-card.tsx';
import { hasReceived } from '../../../lib/dashboard-stats.ts';

const TransactionsChart = lazy(() => import('./transactions-chart.tsx').then((m) => ({ default: m.TransactionsChart })));

const CHART_HEIGHT = 240;

function ChartLoader() {
  return (
    <Center h={CHART_HEIGHT}>
      <Loader size="sm" role="status" aria-label="Loading transactions" />
    </Center>
  );
}

/**
 * Dashboard: amounts received per day (or month), 'Received UGX' and, when the USD wallet holds money,
 * 'Received USD'; the same figures as a table for screen readers.
 */
export function TransactionsCard({ withUsd }: { withUsd: boolean }) {
  return (
    <PeriodStatsCard
      id="transactions"
      title="Transactions"
      titleSize="h5"
      loading={{ label: 'Loading transactions', height: CHART_HEIGHT }}
      isEmpty={(stats) => !hasReceived(stats)}
    >
      {({ keys, data, data_usd: dataUsd, period }) => {
        const points = keys.map((key, index) => ({
          day: formatCalendarKey(key),
          ugx: data[index] ?? 0,
          usd: (dataUsd[index] ?? 0) / 100,
        }));
        return (
          <>
            <Box aria-hidden>
              <Suspense fallback={<ChartLoader />}>
                <TransactionsChart points={points} withUsd={withUsd} period={period} />
              </Suspense>
            </Box>
            <FiguresTable
              hidden
              caption={`Transactions, ${REPORT_PERIOD_LABELS[period].toLowerCase()}`}
              columns={['Date', 'Received UGX', ...(withUsd ? ['Received USD'] : [])]}
              rows={keys.map((key, index) => ({
                label: formatCalendarKey(key),
                values: [formatMoney(data[index] ?? 0), ...(withUsd ? [formatMoney(dataUsd[index] ?? 0, 'USD')] : [])],
              }))}
            />
          </>
        );
      }}
    </PeriodStatsCard>
  );
}
