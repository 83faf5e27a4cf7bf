import { Box, Grid, Stack, Text, Title } from '@mantine/core';
import { formatCalendarKey, formatMoney } from '@sente/contracts/format';
import { REPORT_PERIOD_LABELS } from '@sente/contracts/report-periods';
import type { DashboardStats } from '@sente/contracts/reports';
import { FiguresTable } from '../../../components/figures-table.tsx';
import { PeriodStatsCard } from '../../../components/period-stats-card.tsx';
import { ChannelDonut, PeriodBarChart } from './collections-charts.tsx';

/** Reports: the networks of the doughnut, by their names in the spec. */
const CHANNELS = [
  { key: 'MTN_UG', name: 'MTN', color: 'yellow.5' },
  { key: 'AIRTEL', name: 'AIRTEL', color: 'red.7' },
] as const;

function CollectionsFigures({ stats }: { stats: DashboardStats }) {
  const { period } = stats;
  const periodLabel = REPORT_PERIOD_LABELS[period].toLowerCase();
  const channels = CHANNELS.map(({ key, name, color }) => ({ name, color, value: stats.groupSumByChannel[key] }));
  const mobileMoney = channels.reduce((sum, channel) => sum + channel.value, 0);
  const channelTotal = formatMoney(mobileMoney);
  // NOTE: card payments count in the period's total but belong to no network, so they stay out of the doughnut.
  const cards = stats.total - mobileMoney;

  return (
    <Stack gap="md">
      <div>
        <Text size="sm" c="gray.7">
          Received, {periodLabel}
        </Text>
        <Text component="div" fz={28} fw={700} lh={1.2} data-testid="collections-total">
          {formatMoney(stats.total)}
        </Text>
      </div>
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 8 }} miw={0}>
          <Stack gap="xs">
            <Title order={3} size="h6">
              By {period === '12m' ? 'month' : 'day'}
            </Title>
            <Box aria-hidden>
              <PeriodBarChart
                period={period}
                points={stats.keys.map((key, index) => ({ label: formatCalendarKey(key), ugx: stats.data[index] ?? 0 }))}
              />
            </Box>
            <FiguresTable
              hidden
              caption={`Collections by ${period === '12m' ? 'month' : 'day'}, ${periodLabel}`}
              columns={[period === '12m' ? 'Month' : 'Date', 'Received UGX']}
              rows={stats.keys.map((key, index) => ({
                label: formatCalendarKey(key),
                values: [formatMoney(stats.data[index] ?? 0)],
              }))}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} miw={0}>
          <Stack gap="xs">
            <Title order={3} size="h6">
              By channel
            </Title>
            <Box aria-hidden>
              <ChannelDonut slices={channels} total={channelTotal} />
            </Box>
            <FiguresTable
              caption={`Collections by channel, ${periodLabel}`}
              columns={['Channel', 'Amount']}
              rows={[
                ...channels.map((channel) => ({
                  label: channel.name,
                  values: [formatMoney(channel.value)],
                  swatch: `var(--mantine-color-${channel.color.replace('.', '-')})`,
                })),
                { label: 'Total', values: [channelTotal] },
              ]}
            />
            {cards > 0 && (
              <Text size="xs" c="gray.7">
                Card payments ({formatMoney(cards)}) count in the total received, not in the doughnut.
              </Text>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** Reports: the Collections card, by period and by channel, for one of the three periods. */
export function CollectionsReportCard() {
  return (
    <PeriodStatsCard
      id="collections-report"
      title="Collections"
      titleSize="h4"
      loading={{ label: 'Loading collections report', height: 260 }}
      isEmpty={(stats) => stats.total === 0}
    >
      {(stats) => <CollectionsFigures stats={stats} />}
    </PeriodStatsCard>
  );
}
