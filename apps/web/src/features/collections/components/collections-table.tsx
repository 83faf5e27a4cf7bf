import { Table, Text } from '@mantine/core';
import { CHANNEL_LABELS, type CollectionRow } from '@sente/contracts/payments';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDate, formatMoney, phoneOrCard } from '../../../lib/format.ts';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** Spec §2 collections table (wide screens; phones get cards). */
export function CollectionsTable({ collections }: { collections: CollectionRow[] }) {
  return (
    <ScrollTable minWidth={940} label="Collections table">
      <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover aria-label="Collections">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Phone/Card</Table.Th>
            <Table.Th>Names</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Channel</Table.Th>
            <Table.Th>Transaction ID</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {collections.map((collection) => (
            <Table.Tr key={collection.id}>
              <Table.Td style={nowrap}>{formatDate(collection.created_at)}</Table.Td>
              <Table.Td style={nowrap}>{phoneOrCard(collection.msisdn)}</Table.Td>
              <Table.Td maw={220}>
                <Text size="sm" lineClamp={2} miw={120} style={{ overflowWrap: 'anywhere' }}>
                  {collection.customer.names}
                </Text>
              </Table.Td>
              <Table.Td style={nowrap} fw={600}>
                {formatMoney(collection.amount, collection.currency)}
              </Table.Td>
              <Table.Td style={nowrap}>{CHANNEL_LABELS[collection.collection_channel]}</Table.Td>
              <Table.Td style={nowrap} ff="monospace">
                {collection.transaction_id}
              </Table.Td>
              <Table.Td>
                <StatusBadge status={collection.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
