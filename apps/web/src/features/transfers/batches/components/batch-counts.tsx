import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatNumber } from '@sente/contracts/format';
import type { BatchCounts as Counts } from '@sente/contracts/payout-batches';
import classes from './batch-counts.module.css';

/** The batch's rows in short figures: what blocks it, what needs a look, and what was paid. */
export function BatchCounts({ counts }: { counts: Counts }) {
  const figures: [string, string, boolean][] = [
    ['Errors', formatNumber(counts.errors), counts.errors > 0],
    ['Warnings', formatNumber(counts.warnings), false],
    ['Names accepted', `${formatNumber(counts.mismatches_accepted)} of ${formatNumber(counts.mismatches)}`, false],
    ['Not registered or barred', formatNumber(counts.names_blocking), counts.names_blocking > 0],
    ['Paid', formatNumber(counts.paid), false],
    ['Failed', formatNumber(counts.failed), counts.failed > 0],
  ];
  return (
    <Paper component="section" aria-label="Row counts" withBorder radius="md" p="md">
      <SimpleGrid component="dl" cols={{ base: 2, xs: 3, md: 6 }} spacing="md" verticalSpacing="sm" m={0}>
        {figures.map(([term, value, alarm]) => (
          <div key={term}>
            <Text component="dt" size="xs" c="gray.7">
              {term}
            </Text>
            <Text component="dd" m={0} fw={700} size="lg" className={alarm ? classes.alarm : undefined}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
