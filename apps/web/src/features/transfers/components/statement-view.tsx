import { Group, Stack, Text, Title } from '@mantine/core';
import { kampalaDay } from '@sente/contracts/dates';
import { STATEMENT_MESSAGES } from '@sente/contracts/transfers';
import { DayField } from '../../../components/day-field.tsx';
import { DownloadButton } from '../../../components/download-button.tsx';
import { CursorListBody } from '../../../components/list-page.tsx';
import { useUrlFilter } from '../../../components/use-url-filter.ts';
import { type StatementRange, statementSearch, useStatement } from '../api/statement.ts';
import { StatementCards } from './statement-cards.tsx';
import { StatementSummary } from './statement-summary.tsx';
import { StatementTable } from './statement-table.tsx';

const STATEMENT_PERIOD_KEYS = ['from', 'to'] as const;

/** The Kampala month so far: what the statement shows first. */
function thisMonth(): StatementRange {
  const today = kampalaDay(new Date());
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** The list of one range; a new range is a new list (its own cache entry). */
function StatementList({ range }: { range: StatementRange }) {
  return (
    <CursorListBody
      list={useStatement(range)}
      emptyMessage={STATEMENT_MESSAGES.noEntriesYet}
      table={(rows) => <StatementTable rows={rows} />}
      cards={(rows) => <StatementCards rows={rows} />}
      tableFrom="md"
    />
  );
}

/**
 * The wallet's statement (decision 052) in the active environment, between two Kampala days: each payment and its fee,
 * each transfer and its charge, and the balance after every line; the same lines as Statement.xlsx.
 */
export function StatementView() {
  // The period is the address's (`?view=statement&from=&to=`), so a reload or a shared link shows the same one; the
  // month so far until a day is chosen.
  const period = useUrlFilter(STATEMENT_PERIOD_KEYS);
  const range = period.active ? period.values : thisMonth();
  const backwards = range.from !== '' && range.to !== '' && range.from > range.to;
  const complete = range.from !== '' && range.to !== '' && !backwards;
  // Both days go into the address, the one not changed as shown: the address holds the whole period.
  const setDay = (side: keyof StatementRange) => (day: string) => period.assign({ ...range, [side]: day });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Statement
        </Title>
        <Text size="sm" c="gray.7">
          Every payment in and every transfer out of your wallet, each fee on its own line, and the balance after each.
        </Text>
      </div>
      <Group align="flex-end" gap="sm">
        <DayField
          label="From"
          value={range.from}
          onChange={setDay('from')}
          error={backwards && STATEMENT_MESSAGES.rangeBackwards}
        />
        <DayField label="To" value={range.to} onChange={setDay('to')} />
        {complete && (
          <DownloadButton path={`/api/wallet/statement/download?${statementSearch(range)}`} fileName="Statement.xlsx" />
        )}
      </Group>
      {complete && <StatementSummary range={range} />}
      {complete && <StatementList range={range} />}
    </Stack>
  );
}
