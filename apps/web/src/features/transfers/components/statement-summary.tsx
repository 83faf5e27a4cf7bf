import { Paper, SimpleGrid, Text } from '@mantine/core';
import { formatMoney } from '@sente/contracts/format';
import type { StatementSummary as Summary } from '@sente/contracts/transfers';
import { type StatementRange, useStatementSummary } from '../api/statement.ts';
import classes from './statement.module.css';

const FIGURES: { key: keyof Summary; term: string }[] = [
  { key: 'opening_balance', term: 'Opening balance' },
  { key: 'credits', term: 'Credits' },
  { key: 'debits', term: 'Debits' },
  { key: 'fees', term: 'Fees' },
  { key: 'closing_balance', term: 'Closing balance' },
];

/**
 * The period's figures above its lines, as Statement.xlsx has them under its rows: the balance before the
 * first day, what came in, what went out, the fees, and the balance after the last day. Nothing until they arrive (a
 * failure shows with the list under it).
 */
export function StatementSummary({ range }: { range: StatementRange }) {
  const { data } = useStatementSummary(range);
  if (!data) return null;
  return (
    <Paper component="section" aria-label="Period summary" withBorder radius="md" p="md">
      <SimpleGrid component="dl" cols={{ base: 2, sm: 3, lg: 5 }} spacing="md" m={0}>
        {FIGURES.map(({ key, term }) => (
          <div key={key}>
            <Text component="dt" size="xs" c="gray.7">
              {term}
            </Text>
            <Text component="dd" fw={700} m={0} className={classes.nowrap}>
              {formatMoney(data[key], 'UGX')}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
