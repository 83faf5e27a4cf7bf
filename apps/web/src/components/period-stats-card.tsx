import { Box, Card, Center, Group, Loader, Stack, Title, type TitleProps } from '@mantine/core';
import { DEFAULT_REPORT_PERIOD, type ReportPeriod } from '@sente/contracts/report-periods';
import type { DashboardStats } from '@sente/contracts/reports';
import { type ReactNode, useState } from 'react';
import { NOTHING_RECEIVED, useDashboardStats } from '../lib/dashboard-stats.ts';
import { EmptyState } from './empty-state.tsx';
import { ErrorState } from './error-state.tsx';
import { PeriodPicker } from './period-picker.tsx';

type Props = {
  /** The heading's id, which names the card's section. */
  id: string;
  title: string;
  titleSize: TitleProps['size'];
  /** What the loader says, and the height it holds while the figures load. */
  loading: { label: string; height: number };
  /** Whether a period's figures hold nothing to draw, which shows the empty state instead. */
  isEmpty: (stats: DashboardStats) => boolean;
  children: (stats: DashboardStats) => ReactNode;
};

/**
 * A card of dashboard-stats figures with a period picker (Overview's transactions, Reports' collections): loading,
 * error and empty states, and the last period's figures kept, dimmed, while the chosen one loads.
 */
export function PeriodStatsCard({ id, title, titleSize, loading, isEmpty, children }: Props) {
  const [period, setPeriod] = useState<ReportPeriod>(DEFAULT_REPORT_PERIOD);
  const stats = useDashboardStats(period);

  let body: ReactNode;
  if (stats.isPending)
    body = (
      <Center h={loading.height}>
        <Loader size="sm" role="status" aria-label={loading.label} />
      </Center>
    );
  else if (stats.error) body = <ErrorState error={stats.error} onRetry={stats.refetch} />;
  else if (isEmpty(stats.data)) body = <EmptyState message={NOTHING_RECEIVED} />;
  else body = children(stats.data);

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size={titleSize} id={id}>
            {title}
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
