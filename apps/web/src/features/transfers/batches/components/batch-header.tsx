import { Anchor, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDateTime, formatMoney, formatNumber } from '@sente/contracts/format';
import type { PayoutBatch } from '@sente/contracts/payout-batches';
import { Link } from 'react-router';
import { CardDetail } from '../../../../components/card-detail.tsx';
import { BatchStatusBadge } from './batch-badges.tsx';
import { batchPath, makerName, outcomeText } from './batch-list-labels.ts';

const BatchLink = ({ batch }: { batch: { id: string; reference: string } }) => (
  <Anchor component={Link} to={batchPath(batch.id)}>
    {batch.reference}
  </Anchor>
);

/** What the worker is doing on the batch, as a share of its rows: names being checked, or rows being paid. */
export function batchProgress({ status, counts }: Pick<PayoutBatch, 'status' | 'counts'>) {
  if (counts.rows === 0) return null;
  if (counts.names_pending > 0) {
    const checked = counts.rows - counts.names_pending;
    return { label: `Checking names: ${formatNumber(checked)} of ${formatNumber(counts.rows)}`, done: checked / counts.rows };
  }
  if (['paying', 'completed', 'partially_completed', 'failed'].includes(status)) {
    const done = counts.paid + counts.failed;
    return { label: `Paid out: ${formatNumber(done)} of ${formatNumber(counts.rows)} rows`, done: done / counts.rows };
  }
  return null;
}

/**
 * The batch's heading: its reference and status, who made it and when, its total with charges, its rows, and once any
 * row went out what they came to, the failed rows' money returned.
 */
export function BatchHeader({ batch }: { batch: PayoutBatch }) {
  const progress = batchProgress(batch);
  const outcome = outcomeText(batch);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div>
            <Text size="xs" c="gray.7">
              Payout batch
            </Text>
            <Title order={1} size="h2">
              {batch.reference}
            </Title>
          </div>
          <BatchStatusBadge status={batch.status} size="lg" />
        </Group>
        <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="md" verticalSpacing="xs" m={0}>
          <CardDetail term="Total with charges">
            {formatMoney(batch.total_amount + batch.total_charges)}
            <Text component="span" size="xs" c="gray.7" display="block">
              {formatMoney(batch.total_amount)} + {formatMoney(batch.total_charges)} charges
            </Text>
          </CardDetail>
          <CardDetail term="Rows">{formatNumber(batch.counts.rows)}</CardDetail>
          <CardDetail term="Made by">{makerName(batch)}</CardDetail>
          <CardDetail term="Created">{formatDateTime(batch.created_at)}</CardDetail>
          {batch.approver && <CardDetail term="Approved by">{batch.approver.name}</CardDetail>}
          {batch.file_name && <CardDetail term="File">{batch.file_name}</CardDetail>}
          {batch.retry_of && (
            <CardDetail term="Pays again the failed rows of" wide>
              <BatchLink batch={batch.retry_of} />
            </CardDetail>
          )}
          {batch.retries.length > 0 && (
            <CardDetail term="Failed rows paid again in" wide>
              {batch.retries.map((retry, index) => (
                <span key={retry.id}>
                  {index > 0 && ', '}
                  <BatchLink batch={retry} />
                </span>
              ))}
            </CardDetail>
          )}
          {outcome && (
            <CardDetail term="Outcome" wide>
              {outcome}
            </CardDetail>
          )}
          {batch.rejection_reason && (
            <CardDetail term="Why rejected" wide>
              {batch.rejection_reason}
            </CardDetail>
          )}
        </SimpleGrid>
        {progress && (
          <div>
            <Text size="sm" mb={4} id={`progress-${batch.id}`}>
              {progress.label}
            </Text>
            <Progress.Root>
              <Progress.Section
                value={Math.round(progress.done * 100)}
                aria-labelledby={`progress-${batch.id}`}
                animated={progress.done < 1}
              />
            </Progress.Root>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
