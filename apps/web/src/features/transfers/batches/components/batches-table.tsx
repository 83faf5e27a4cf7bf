import { Anchor, Table, Text } from '@mantine/core';
import { formatDateTime, formatMoney, formatNumber } from '@sente/contracts/format';
import type { BatchListItem } from '@sente/contracts/payout-batches';
import { Link } from 'react-router';
import { ScrollTable } from '../../../../components/scroll-table.tsx';
import { BatchStatusBadge } from './batch-badges.tsx';
import { batchPath, makerName, outcomeText } from './batch-list-labels.ts';
import classes from './batches.module.css';

/** The account's batches on wide screens: each reference opens its batch. */
export function BatchesTable({ batches }: { batches: BatchListItem[] }) {
  return (
    <ScrollTable minWidth={820} label="Payout batches table">
      <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover aria-label="Payout batches">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Reference</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Rows</Table.Th>
            <Table.Th>Total</Table.Th>
            <Table.Th>Made by</Table.Th>
            <Table.Th>Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {batches.map((batch) => (
            <Table.Tr key={batch.id}>
              <Table.Td maw={240}>
                <Anchor component={Link} to={batchPath(batch.id)} fw={600} className={classes.wrap}>
                  {batch.reference}
                </Anchor>
                {batch.file_name && (
                  <Text size="xs" c="gray.7" className={classes.wrap}>
                    {batch.file_name}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <BatchStatusBadge status={batch.status} />
                {outcomeText(batch) && (
                  <Text size="xs" c="gray.7" mt={4}>
                    {outcomeText(batch)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatNumber(batch.counts.rows)}</Table.Td>
              <Table.Td className={classes.nowrap}>
                <Text size="sm" fw={600}>
                  {formatMoney(batch.total_amount)}
                </Text>
                <Text size="xs" c="gray.7">
                  charges {formatMoney(batch.total_charges)}
                </Text>
              </Table.Td>
              <Table.Td>{makerName(batch)}</Table.Td>
              <Table.Td className={classes.nowrap}>{formatDateTime(batch.created_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
