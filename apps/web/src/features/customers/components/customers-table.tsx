import { Table, Text } from '@mantine/core';
import { formatDateTime, formatMoney } from '@sente/contracts/format';
import type { CustomerRow } from '@sente/contracts/payments';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { customerPhone, lastPaid, NOT_GIVEN } from './customer-labels.ts';
import { CustomerPaymentsLink } from './customer-payments-link.tsx';
import classes from './customers-table.module.css';
import { OtherNames } from './other-names.tsx';
import { RefundPending } from './refund-pending.tsx';

/** Customers table, with what each has paid (wide screens; phones get cards). */
export function CustomersTable({ customers }: { customers: CustomerRow[] }) {
  return (
    <ScrollTable minWidth={940} label="Customers table">
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label="Customers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Names</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last paid</Table.Th>
            <Table.Th ta="right">Payments</Table.Th>
            <Table.Th ta="right">Total paid</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {customers.map((customer) => (
            <Table.Tr key={customer.id}>
              <Table.Td maw={240}>
                <Text component="div" size="sm" fw={600} lineClamp={2} className={classes.wrap}>
                  {customer.names}
                </Text>
                <OtherNames customer={customer} />
              </Table.Td>
              <Table.Td maw={260} className={classes.wrap}>
                {customer.email ?? NOT_GIVEN}
              </Table.Td>
              <Table.Td className={classes.nowrap}>{customerPhone(customer.phone)}</Table.Td>
              <Table.Td className={classes.nowrap}>{formatDateTime(customer.created_at)}</Table.Td>
              <Table.Td className={classes.nowrap}>{lastPaid(customer)}</Table.Td>
              <Table.Td ta="right">
                <CustomerPaymentsLink customer={customer} />
              </Table.Td>
              <Table.Td ta="right" className={classes.nowrap}>
                {formatMoney(customer.total_paid)}
                <RefundPending customer={customer} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
