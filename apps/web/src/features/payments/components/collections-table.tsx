import { Table, Text } from '@mantine/core';
import { formatMoney } from '@sente/contracts/format';
import { paymentState } from '@sente/contracts/payment-states';
import { CHANNEL_LABELS, type CollectionRow } from '@sente/contracts/payments';
import { DateTime } from '../../../components/date-time.tsx';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { phoneOrCard } from '../../../lib/format.ts';
import classes from './collections-table.module.css';
import { OpenPaymentLink, usePaymentRow } from './open-payment.tsx';

/**
 * Collections table (wide screens; phones get cards). Its seven columns fit a 1,280 px screen beside the
 * navigation: the date breaks before its time, the channel between its words and the transaction ID in
 * its middle when the row is short of room, so the Status badges are never behind the scroll cue. Narrower screens
 * that still get the table scroll it sideways, with the cue. A row opens its payment on a click;
 * its transaction ID is the link the keyboard reaches.
 */
export function CollectionsTable({ collections }: { collections: CollectionRow[] }) {
  const paymentRow = usePaymentRow();
  return (
    <ScrollTable minWidth={760} label="Collections table">
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
            <Table.Tr key={collection.id} {...paymentRow(collection.id)}>
              <Table.Td>
                <DateTime value={collection.created_at} />
              </Table.Td>
              <Table.Td className={classes.nowrap}>{phoneOrCard(collection.msisdn)}</Table.Td>
              <Table.Td maw={220}>
                <Text size="sm" lineClamp={2} miw={110} className={classes.wrap}>
                  {collection.customer.names}
                </Text>
              </Table.Td>
              <Table.Td className={classes.nowrap} fw={600}>
                {formatMoney(collection.amount, collection.currency)}
              </Table.Td>
              <Table.Td miw={90}>{CHANNEL_LABELS[collection.collection_channel]}</Table.Td>
              <Table.Td>
                <OpenPaymentLink id={collection.id} size="sm" ff="monospace" miw="8ch" className={classes.wrap}>
                  {collection.transaction_id}
                </OpenPaymentLink>
              </Table.Td>
              <Table.Td>
                <StatusBadge status={paymentState(collection)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
