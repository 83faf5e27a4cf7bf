import { ActionIcon, Group, Stack, Table, Text } from '@mantine/core';
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
 * A batch's rows: the sheet's row number, the receiver with the name check and the row's issues, the amount, and on
 * wider screens the reference and the status. On a phone the secondary columns hide and the status sits under the
 * amount, so the table fits 360 px without scrolling sideways.
 */
export function BatchRowsTable({ rows, actions }: { rows: BatchRow[]; actions: RowActions }) {
  const { edit, remove, acceptName } = actions;
  const editable = edit !== null || remove !== null;
  return (
    <ScrollTable minWidth={320} label="Batch rows table">
      <Table verticalSpacing="sm" horizontalSpacing="xs" aria-label="Batch rows">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Row</Table.Th>
            <Table.Th>Receiver</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th visibleFrom="md">Reference</Table.Th>
            <Table.Th visibleFrom="sm">Status</Table.Th>
            {editable && <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>{row.row}</Table.Td>
              <Table.Td>
                <ReceiverCell row={row} onAcceptName={acceptName && needsAcceptance(row) ? () => acceptName(row) : null} />
              </Table.Td>
              <Table.Td>
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
              {editable && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {edit && (
                      <ActionIcon variant="subtle" aria-label={`Edit row ${row.row}`} onClick={() => edit(row)}>
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    )}
                    {remove && (
                      <ActionIcon variant="subtle" color="red.9" aria-label={`Remove row ${row.row}`} onClick={() => remove(row)}>
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    )}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

const FailureReason = ({ reason }: { reason: string }) => (
  <Text size="xs" c="gray.7" mt={4} className={classes.wrap}>
    {reason}
  </Text>
);
