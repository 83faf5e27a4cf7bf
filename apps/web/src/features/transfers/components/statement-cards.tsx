import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDateTime, formatMoney } from '@sente/contracts/format';
import type { StatementEntry } from '@sente/contracts/transfers';
import { CardDetail } from '../../../components/card-detail.tsx';
// The feature's card lists share their list and heading rules with the transfers' cards.
import cards from './settlement-cards.module.css';
import classes from './statement.module.css';

/** The statement on a phone: one card a line, what moved in or out and the balance after it. */
export function StatementCards({ rows }: { rows: StatementEntry[] }) {
  return (
    <Stack gap="sm" component="ul" aria-label="Statement" className={cards.list}>
      {rows.map((row) => (
        <Paper component="li" key={row.id} withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Text fw={600} className={cards.shrink}>
                {row.description}
              </Text>
              <Text fw={700} className={classes.nowrap}>
                {row.credit > 0 ? `+ ${formatMoney(row.credit, 'UGX')}` : `− ${formatMoney(row.debit, 'UGX')}`}
              </Text>
            </Group>
            <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
              <CardDetail term="Date">{formatDateTime(row.created_at)}</CardDetail>
              <CardDetail term="Balance">{formatMoney(row.balance, 'UGX')}</CardDetail>
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
