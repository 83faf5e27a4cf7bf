import { type MantineSpacing, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import classes from './link-kit.module.css';

/** One column of a link table: its heading and its cell; `nowrap` keeps short values on one line. */
export type LinkColumn<T> = {
  header: string;
  cell: (item: T) => ReactNode;
  nowrap?: boolean;
  /** The title column takes the room the others leave but never less than this. */
  miw?: number;
  /** Long text (a description) stops here and clamps. */
  maw?: number;
};

type Props<T> = {
  /** The region's name, for screen readers ('Payment links table'). */
  label: string;
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  horizontalSpacing?: MantineSpacing;
  columns: LinkColumn<T>[];
  items: T[];
  /** The row's actions, always the last column. */
  actions: (item: T) => ReactNode;
};

/** The table of every link list on wide screens (phones get `LinkCards`): the feature gives its columns. */
export function LinkTable<T extends { id: string }>({
  label,
  minWidth,
  horizontalSpacing = 'md',
  columns,
  items,
  actions,
}: Props<T>) {
  return (
    <ScrollTable minWidth={minWidth} label={label}>
      <Table verticalSpacing="sm" horizontalSpacing={horizontalSpacing} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header}>{column.header}</Table.Th>
            ))}
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              {columns.map((column) => (
                <Table.Td
                  key={column.header}
                  miw={column.miw}
                  maw={column.maw}
                  className={column.nowrap ? classes.nowrap : undefined}
                >
                  {column.cell(item)}
                </Table.Td>
              ))}
              <Table.Td>{actions(item)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
