import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDateTime, formatMoney } from '@sente/contracts/format';
import { shownTransferStatus, type TransferRow } from '@sente/contracts/transfers';
import { CardDetail } from '../../../components/card-detail.tsx';
import { ReasonHtml } from '../../../components/reason-html.tsx';
import { Movement } from './movement.tsx';
import classes from './settlement-cards.module.css';
import { creatorName } from './transfer-labels.ts';
import { ApprovalActions, TransferStatusBadge } from './transfer-status.tsx';

/** The transfers on a phone: one card each, the same fields as the table, why a rejected one did not go through, and
 * the answers to one awaiting approval. */
export function SettlementCards({ rows }: { rows: TransferRow[] }) {
  return (
    <Stack gap="sm" component="ul" aria-label="Transfers" className={classes.list}>
      {rows.map((row) => (
        <Paper component="li" key={row.id} withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <div className={classes.shrink}>
                <Text component="div" size="lg" fw={700} data-testid="transfer-amount">
                  {row.direction === 'in' ? '+ ' : '− '}
                  {formatMoney(row.amount, row.currency)}
                </Text>
                <Text size="xs" c="gray.7">
                  <Movement row={row} />
                </Text>
              </div>
              <div>
                <TransferStatusBadge row={row} />
              </div>
            </Group>
            <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
              <CardDetail term="Date">{formatDateTime(row.created_at)}</CardDetail>
              <CardDetail term="Created">{creatorName(row)}</CardDetail>
              <CardDetail term="Reason" wide>
                <ReasonHtml html={row.reason} />
              </CardDetail>
              {row.failure_reason && (
                <CardDetail term={shownTransferStatus(row) === 'failed' ? 'Why it failed' : 'Why rejected'} wide>
                  {row.failure_reason}
                </CardDetail>
              )}
            </SimpleGrid>
            <ApprovalActions row={row} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
