import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDateTime, formatMoney, formatNumber } from '@sente/contracts/format';
import type { BatchListItem } from '@sente/contracts/payout-batches';
import { Link } from 'react-router';
import { CardDetail } from '../../../../components/card-detail.tsx';
import { BatchStatusBadge } from './batch-badges.tsx';
import { batchPath, makerName, outcomeText } from './batch-list-labels.ts';
import classes from './batches.module.css';

/** The account's batches on a phone: one card each, the same fields as the table. */
export function BatchCards({ batches }: { batches: BatchListItem[] }) {
  return (
    <Stack gap="sm" component="ul" aria-label="Payout batches" className={classes.list}>
      {batches.map((batch) => (
        <Paper component="li" key={batch.id} withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <div className={classes.shrink}>
                <Anchor component={Link} to={batchPath(batch.id)} fw={700} className={classes.wrap}>
                  {batch.reference}
                </Anchor>
                <Text component="div" size="lg" fw={700} data-testid="batch-total">
                  {formatMoney(batch.total_amount)}
                </Text>
              </div>
              <BatchStatusBadge status={batch.status} />
            </Group>
            <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
              <CardDetail term="Rows">{formatNumber(batch.counts.rows)}</CardDetail>
              <CardDetail term="Charges">{formatMoney(batch.total_charges)}</CardDetail>
              <CardDetail term="Made by">{makerName(batch)}</CardDetail>
              <CardDetail term="Created">{formatDateTime(batch.created_at)}</CardDetail>
              {outcomeText(batch) && (
                <CardDetail term="Outcome" wide>
                  {outcomeText(batch)}
                </CardDetail>
              )}
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
