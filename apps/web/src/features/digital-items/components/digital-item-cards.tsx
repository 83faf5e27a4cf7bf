import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { DigitalItem } from '@sente/contracts/links';
import type { ReactNode } from 'react';
import { DigitalItemActions } from './digital-item-actions.tsx';
import { itemPrice, OriginalPrice, VISIBILITY_LABELS } from './item-labels.tsx';
import { ItemThumbnail } from './item-thumbnail.tsx';

type Props = { items: DigitalItem[]; canManage: boolean; onRequestDelete: (item: DigitalItem) => void };

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="gray.7">
        {term}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** The digital items on a phone: one card per item, same fields and actions as the table. */
export function DigitalItemCards({ items, canManage, onRequestDelete }: Props) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => (
        <Paper component="li" key={item.id} withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ItemThumbnail image={item.image} size={48} />
              <Stack gap={2} miw={0}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {item.title}
                </Text>
                <Text size="sm" c="gray.7" lineClamp={2}>
                  {item.description}
                </Text>
              </Stack>
            </Group>
            <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
              <Detail term="Price">{itemPrice(item)}</Detail>
              <Detail term="Original Price">
                <OriginalPrice item={item} />
              </Detail>
              <Detail term="Type">{VISIBILITY_LABELS[item.type]}</Detail>
              <Detail term="Category">{item.category}</Detail>
            </SimpleGrid>
            <DigitalItemActions item={item} canManage={canManage} onRequestDelete={onRequestDelete} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
