import { Text } from '@mantine/core';
import { formatMoney } from '@sente/contracts/format';
import type { DigitalItem } from '@sente/contracts/links';
import { LINK_MESSAGES } from '@sente/contracts/messages';

/** The list page ('Digital Hub'): its heading, create button and empty state. */
export const DIGITAL_ITEMS_PAGE = {
  title: 'Digital Hub',
  intro: 'Sell e-books, templates and other files: buyers pay, then download.',
  create: { path: '/new-sente-digital-item', label: 'New Item/Product' },
  emptyMessage: LINK_MESSAGES.noDigitalItems,
};

/** The sale price; 0 means the product is given away. */
export const itemPrice = (item: Pick<DigitalItem, 'price'>) => (item.price === 0 ? 'Free' : formatMoney(item.price));

/** The original price, struck through, when the merchant shows one (td: Mantine's Text resets an <s>'s line). */
export function OriginalPrice({ item }: { item: Pick<DigitalItem, 'original_price'> }) {
  if (!item.original_price) return <>—</>;
  return (
    <Text component="s" td="line-through" size="sm" c="gray.7">
      {formatMoney(item.original_price)}
    </Text>
  );
}
