import { Group, Table, Text } from '@mantine/core';
import type { DigitalItem } from '@sente/contracts/links';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { DigitalItemActions } from './digital-item-actions.tsx';
import { itemPrice, OriginalPrice, VISIBILITY_LABELS } from './item-labels.tsx';
import { ItemThumbnail } from './item-thumbnail.tsx';

type Props = { items: DigitalItem[]; canManage: boolean; onRequestDelete: (item: DigitalItem) => void };

const nowrap = { whiteSpace: 'nowrap' } as const;

/** Spec §2 digital items table (wide screens; phones get cards). */
export function DigitalItemsTable({ items, canManage, onRequestDelete }: Props) {
  return (
    <ScrollTable minWidth={960} label="Digital items table">
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th>Original Price</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id}>
              {/* The title wraps whole: the column takes the room the others leave (issue 27). */}
              <Table.Td miw={220}>
                <Group gap="sm" wrap="nowrap">
                  <ItemThumbnail image={item.image} />
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {item.title}
                  </Text>
                </Group>
              </Table.Td>
              <Table.Td style={nowrap}>{VISIBILITY_LABELS[item.type]}</Table.Td>
              <Table.Td maw={200}>
                <Text size="sm" lineClamp={2}>
                  {item.category}
                </Text>
              </Table.Td>
              <Table.Td style={nowrap}>{itemPrice(item)}</Table.Td>
              <Table.Td style={nowrap}>
                <OriginalPrice item={item} />
              </Table.Td>
              <Table.Td maw={240}>
                <Text size="sm" c="gray.7" lineClamp={2} title={item.description ?? undefined}>
                  {item.description}
                </Text>
              </Table.Td>
              <Table.Td>
                <DigitalItemActions item={item} canManage={canManage} onRequestDelete={onRequestDelete} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
