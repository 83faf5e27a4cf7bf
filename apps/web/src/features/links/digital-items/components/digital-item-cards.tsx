import { Group, Stack, Text } from '@mantine/core';
import type { DigitalItem } from '@sente/contracts/links';
import { LinkCards } from '../../kit/link-cards.tsx';
import { VISIBILITY_LABELS } from '../../kit/link-visibility.ts';
import { DigitalItemActions } from './digital-item-actions.tsx';
import classes from './digital-item-cards.module.css';
import { itemPrice, OriginalPrice } from './item-labels.tsx';
import { ItemThumbnail } from './item-thumbnail.tsx';

type Props = { items: DigitalItem[]; canManage: boolean; onRequestDelete: (item: DigitalItem) => void };

/** The digital items on a phone: one card per item, same fields and actions as the table. */
export function DigitalItemCards({ items, canManage, onRequestDelete }: Props) {
  return (
    <LinkCards
      items={items}
      heading={(item) => (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ItemThumbnail image={item.image} size={48} />
          <Stack gap={2} miw={0}>
            <Text fw={600} className={classes.title}>
              {item.title}
            </Text>
            <Text size="sm" c="gray.7" lineClamp={2}>
              {item.description}
            </Text>
          </Stack>
        </Group>
      )}
      details={(item) => [
        { term: 'Price', value: itemPrice(item) },
        { term: 'Original Price', value: <OriginalPrice item={item} /> },
        { term: 'Type', value: VISIBILITY_LABELS[item.type] },
        { term: 'Category', value: item.category },
      ]}
      footer={(item) => <DigitalItemActions item={item} canManage={canManage} onRequestDelete={onRequestDelete} />}
    />
  );
}
