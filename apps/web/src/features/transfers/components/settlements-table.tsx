import { Table, Text } from '@mantine/core';
import { formatDateTime, formatMoney } from '@sente/contracts/format';
import type { TransferRow } from '@sente/contracts/transfers';
import { ReasonHtml } from '../../../components/reason-html.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { Movement } from './movement.tsx';
import classes from './settlements-table.module.css';
import { creatorName } from './transfer-labels.ts';
import { ApprovalActions, TransferStatusBadge } from './transfer-status.tsx';

/**
 * Transfers table: Date, Amount, Created, Reason, Status (wide screens; phones get cards). Under a rejected
 * transfer's badge, why it did not go through, as text: no hover or colour needed to read it. One awaiting approval
 * (decision 067) says so and, to a member who may answer it, offers Approve and Decline.
 */
export function SettlementsTable({ rows }: { rows: TransferRow[] }) {
  return (
    <ScrollTable minWidth={860} label="Transfers table">
      <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover aria-label="Transfers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Reason</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td className={classes.nowrap}>{formatDateTime(row.created_at)}</Table.Td>
              <Table.Td className={classes.nowrap}>
                <Text size="sm" fw={600}>
                  {row.direction === 'in' ? '+ ' : '− '}
                  {formatMoney(row.amount, row.currency)}
                </Text>
                {row.charge > 0 && (
                  <Text size="xs" c="gray.7">
                    charge {formatMoney(row.charge, row.currency)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td className={classes.nowrap}>{creatorName(row)}</Table.Td>
              <Table.Td maw={320}>
                <ReasonHtml html={row.reason} />
                <Text size="xs" c="gray.7">
                  <Movement row={row} />
                </Text>
              </Table.Td>
              <Table.Td maw={240}>
                <TransferStatusBadge row={row} />
                {row.failure_reason && (
                  <Text size="xs" c="gray.7" mt={4} className={classes.wrap}>
                    {row.failure_reason}
                  </Text>
                )}
                <ApprovalActions row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
