import { Table } from '@mantine/core';
import { formatDateTime, formatMoney } from '@sente/contracts/format';
import type { StatementEntry } from '@sente/contracts/transfers';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import classes from './statement.module.css';

/** A debit or credit cell: empty where the line moved nothing that way. */
const moneyOrNothing = (amount: number) => (amount === 0 ? '' : formatMoney(amount, 'UGX'));

/** The statement on wide screens: Date, Description, Debit, Credit, Balance, as the workbook has them. */
export function StatementTable({ rows }: { rows: StatementEntry[] }) {
  return (
    <ScrollTable minWidth={760} label="Statement table">
      <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover aria-label="Statement">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th className={classes.amount}>Debit</Table.Th>
            <Table.Th className={classes.amount}>Credit</Table.Th>
            <Table.Th className={classes.amount}>Balance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td className={classes.nowrap}>{formatDateTime(row.created_at)}</Table.Td>
              <Table.Td>{row.description}</Table.Td>
              <Table.Td className={classes.amount}>{moneyOrNothing(row.debit)}</Table.Td>
              <Table.Td className={classes.amount}>{moneyOrNothing(row.credit)}</Table.Td>
              <Table.Td className={classes.amount}>{formatMoney(row.balance, 'UGX')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
