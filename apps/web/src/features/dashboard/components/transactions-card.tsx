import { Box, Card, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { DEFAULT_REPORT_PERIOD, REPORT_PERIOD_LABELS, type ReportPeriod } from '@sente/contracts/reports';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { FiguresTable } from '../../../components/figures-table.tsx';
import { PeriodPicker } from '../../../components/period-picker.tsx';
import { hasReceived, NOTHING_RECEIVED, statsKeyLabel, useDashboardStats } from '../../../lib/dashboard-stats.ts';
import { formatMoney } from '../../../lib/format.ts';

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
 * Spec §2 dashboard: amounts received per day (or month), 'Received UGX' and, when the USD wallet holds money,
 * 'Received USD'; the same figures as a table for screen readers.
 */
export function TransactionsCard({ withUsd }: { withUsd: boolean }) {
  const [period, setPeriod] = useState<ReportPeriod>(DEFAULT_REPORT_PERIOD);
  const stats = useDashboardStats(period);

  let body: ReactNode;
  if (stats.isPending) body = <ChartLoader />;
  else if (stats.error) body = <ErrorState error={stats.error} onRetry={stats.refetch} />;
  else if (!hasReceived(stats.data)) body = <EmptyState message={NOTHING_RECEIVED} />;
  else {
    const { keys, data, data_usd: dataUsd } = stats.data;
    const points = keys.map((key, index) => ({
      day: statsKeyLabel(key),
      ugx: data[index] ?? 0,
      usd: (dataUsd[index] ?? 0) / 100,
    }));
    body = (
      <>
        <Box aria-hidden>
          <Suspense fallback={<ChartLoader />}>
            <TransactionsChart points={points} withUsd={withUsd} />
          </Suspense>
        </Box>
        <FiguresTable
          hidden
          caption={`Transactions, ${REPORT_PERIOD_LABELS[stats.data.period].toLowerCase()}`}
          columns={['Date', 'Received UGX', ...(withUsd ? ['Received USD'] : [])]}
          rows={keys.map((key, index) => ({
            label: statsKeyLabel(key),
            values: [formatMoney(data[index] ?? 0), ...(withUsd ? [formatMoney(dataUsd[index] ?? 0, 'USD')] : [])],
          }))}
        />
      </>
    );
  }

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="transactions">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h5" id="transactions">
            Transactions
          </Title>
          <PeriodPicker value={period} onChange={setPeriod} />
        </Group>
        <Box aria-busy={stats.isPlaceholderData} opacity={stats.isPlaceholderData ? 0.6 : 1}>
          {body}
        </Box>
      </Stack>
    </Card>
  );
}
