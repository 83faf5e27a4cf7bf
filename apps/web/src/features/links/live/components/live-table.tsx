import { Table } from '@mantine/core';
import { formatDateTime, formatMoney } from '@sente/contracts/format';
import { CHANNEL_LABELS, type LiveCollection } from '@sente/contracts/payments';
import { ScrollTable } from '../../../../components/scroll-table.tsx';
import { StatusBadge } from '../../../../components/status-badge.tsx';
import { phoneOrCard } from '../../../../lib/format.ts';
import { OpenPaymentLink, usePaymentRow } from '../../../payments/index.ts';
import { extraValue } from './live-labels.ts';
import classes from './live-table.module.css';

/**
 * Live page table: the fixed columns, then one per extra field label of the link. A row opens its payment
 * on a click; the payer's names are the link the keyboard reaches.
 */
export function LiveTable({ items, extraLabels }: { items: LiveCollection[]; extraLabels: string[] }) {
  const paymentRow = usePaymentRow();
  return (
    <ScrollTable minWidth={760 + 160 * extraLabels.length} label="Live collections table">
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Live collections">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Names</Table.Th>
            <Table.Th>Amount</Table.Th>
            <Table.Th>Channel</Table.Th>
            <Table.Th>Status</Table.Th>
            {extraLabels.map((label, index) => (
              // Labels are the merchant's own and may repeat; their place in the link is what is stable.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <Table.Th key={index}>{label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} {...paymentRow(item.id)}>
              <Table.Td className={classes.nowrap}>{formatDateTime(item.created_at)}</Table.Td>
              <Table.Td className={classes.nowrap}>{phoneOrCard(item.collection.msisdn)}</Table.Td>
              <Table.Td maw={220}>
                <OpenPaymentLink id={item.id} size="sm" lineClamp={2} miw={150} className={classes.wrap}>
                  {item.collection.customer.names}
                </OpenPaymentLink>
              </Table.Td>
              <Table.Td className={classes.nowrap} fw={600}>
                {formatMoney(item.amount, item.currency)}
              </Table.Td>
              <Table.Td className={classes.nowrap}>{CHANNEL_LABELS[item.collection.collection_channel]}</Table.Td>
              <Table.Td>
                <StatusBadge status={item.collection.status} />
              </Table.Td>
              {extraLabels.map((label, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: one cell per extra field, in the link's order
                <Table.Td key={index} maw={240} className={classes.wrap}>
                  {extraValue(item, label)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
