import { Button, Group, Stack, Table, Text } from '@mantine/core';
import type { BatchRow } from '@sente/contracts/payout-batches';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { ScrollTable } from '../../../../components/scroll-table.tsx';
import { RowStatusBadge } from './batch-badges.tsx';
import classes from './batch-rows.module.css';
import { ReceiverCell, rowAmount } from './row-cells.tsx';

/** What may be done to a row now; null where it may not (not the maker's draft, no name to accept). */
export type RowActions = {
  edit: ((row: BatchRow) => void) | null;
  remove: ((row: BatchRow) => void) | null;
  acceptName: ((row: BatchRow) => void) | null;
};

const needsAcceptance = (row: BatchRow) => row.name_check === 'mismatch' && !row.name_accepted_by;

/**
 * A batch's rows: the sheet's row number, the receiver with the name check, the row's issues and what may be done to
 * it, the amount, and on wider screens the reference and the status. On a phone the other columns hide and the
 * receiver's cell holds the row number, the amount and the status, so the table fits 360 px without scrolling.
 */
export function BatchRowsTable({ rows, actions }: { rows: BatchRow[]; actions: RowActions }) {
  return (
    <ScrollTable minWidth={280} label="Batch rows table">
      <Table verticalSpacing="sm" horizontalSpacing="xs" aria-label="Batch rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th visibleFrom="sm">Row</Table.Th>
            <Table.Th>Receiver</Table.Th>
            <Table.Th visibleFrom="xs">Amount</Table.Th>
            <Table.Th visibleFrom="md">Reference</Table.Th>
            <Table.Th visibleFrom="sm">Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td visibleFrom="sm">{row.row}</Table.Td>
              <Table.Td>
                <Text size="xs" c="gray.7" hiddenFrom="sm">
                  Row {row.row}
                </Text>
                <ReceiverCell row={row} />
                <Stack hiddenFrom="xs" gap={4} mt={6} align="flex-start">
                  <Text size="sm" fw={600}>
                    {rowAmount(row)}
                  </Text>
                  <RowStatusBadge status={row.status} />
                  {row.failure_reason && <FailureReason reason={row.failure_reason} />}
                </Stack>
                <RowButtons row={row} actions={actions} />
              </Table.Td>
              <Table.Td visibleFrom="xs">
                <Text size="sm" fw={600} className={classes.nowrap}>
                  {rowAmount(row)}
                </Text>
                <Stack hiddenFrom="sm" gap={4} mt={4} align="flex-start">
                  <RowStatusBadge status={row.status} />
                  {row.failure_reason && <FailureReason reason={row.failure_reason} />}
                </Stack>
              </Table.Td>
              <Table.Td visibleFrom="md" maw={220}>
                <Text size="sm" className={classes.wrap}>
                  {row.reference || '—'}
                </Text>
                {row.narrative && (
                  <Text size="xs" c="gray.7" className={classes.wrap}>
                    {row.narrative}
                  </Text>
                )}
              </Table.Td>
              <Table.Td visibleFrom="sm" maw={220}>
                <RowStatusBadge status={row.status} />
                {row.failure_reason && <FailureReason reason={row.failure_reason} />}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** A row's own actions, under its receiver: Edit and Remove in the maker's draft, Accept name for an approver. */
function RowButtons({ row, actions: { edit, remove, acceptName } }: { row: BatchRow; actions: RowActions }) {
  const accept = acceptName && needsAcceptance(row);
  if (!edit && !remove && !accept) return null;
  return (
    <Group gap={4} mt={6}>
      {accept && (
        <Button size="compact-xs" variant="light" onClick={() => acceptName(row)}>
          Accept name
        </Button>
      )}
      {edit && (
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconPencil size={14} aria-hidden />}
          aria-label={`Edit row ${row.row}`}
          onClick={() => edit(row)}
        >
          Edit
        </Button>
      )}
      {remove && (
        <Button
          size="compact-xs"
          variant="subtle"
          color="red.9"
          leftSection={<IconTrash size={14} aria-hidden />}
          aria-label={`Remove row ${row.row}`}
          onClick={() => remove(row)}
        >
          Remove
        </Button>
      )}
    </Group>
  );
}

const FailureReason = ({ reason }: { reason: string }) => (
  <Text size="xs" c="gray.7" mt={4} className={classes.wrap}>
    {reason}
  </Text>
);
