import { Group, Text } from '@mantine/core';
import type { DigitalItem } from '@sente/contracts/links';
import { type LinkColumn, LinkTable } from '../../kit/link-table.tsx';
import { VISIBILITY_LABELS } from '../../kit/link-visibility.ts';
import { DigitalItemActions } from './digital-item-actions.tsx';
import classes from './digital-items-table.module.css';
import { itemPrice, OriginalPrice } from './item-labels.tsx';
import { ItemThumbnail } from './item-thumbnail.tsx';

type Props = { items: DigitalItem[]; canManage: boolean; onRequestDelete: (item: DigitalItem) => void };

const COLUMNS: LinkColumn<DigitalItem>[] = [
  {
    header: 'Title',
    // The title wraps whole: the column takes the room the others leave.
    miw: 220,
    cell: (item) => (
      <Group gap="sm" wrap="nowrap">
        <ItemThumbnail image={item.image} />
        <Text size="sm" fw={600} className={classes.title}>
          {item.title}
        </Text>
      </Group>
    ),
  },
  { header: 'Type', nowrap: true, cell: (item) => VISIBILITY_LABELS[item.type] },
  {
    header: 'Category',
    maw: 200,
    cell: (item) => (
      <Text size="sm" lineClamp={2}>
        {item.category}
      </Text>
    ),
  },
  { header: 'Price', nowrap: true, cell: itemPrice },
  { header: 'Original Price', nowrap: true, cell: (item) => <OriginalPrice item={item} /> },
  {
    header: 'Description',
    maw: 240,
    cell: (item) => (
      <Text size="sm" c="gray.7" lineClamp={2} title={item.description ?? undefined}>
        {item.description}
      </Text>
    ),
  },
];

/** Digital items table (wide screens; phones get cards). */
export function DigitalItemsTable({ items, canManage, onRequestDelete }: Props) {
  return (
    // Seven columns and five actions (Open, Copy, Shorten, Edit, Delete) leave the title its room at 1,280 px at this
    // spacing (the link-titles journey measures it).
    <LinkTable
      label="Digital items table"
      minWidth={960}
      horizontalSpacing="sm"
      columns={COLUMNS}
      items={items}
      actions={(item) => <DigitalItemActions item={item} canManage={canManage} onRequestDelete={onRequestDelete} />}
    />
  );
}
