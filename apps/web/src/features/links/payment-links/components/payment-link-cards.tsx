import { Group, Text } from '@mantine/core';
import { formatDateTime } from '@sente/contracts/format';
import type { PaymentLink } from '@sente/contracts/links';
import { LinkCards } from '../../kit/link-cards.tsx';
import { CollectionsTotal } from './collections-total.tsx';
import { DisabledCheckbox } from './disabled-checkbox.tsx';
import { linkPrice, linkTypeLabel } from './link-type-label.ts';
import { PaymentLinkActions } from './payment-link-actions.tsx';
import classes from './payment-link-cards.module.css';

type Props = {
  links: PaymentLink[];
  canManage: boolean;
  onRequestStatusChange: (link: PaymentLink, disable: boolean) => void;
};

/** The payment links on a phone: one card per link, same fields and actions as the table. */
export function PaymentLinkCards({ links, canManage, onRequestStatusChange }: Props) {
  return (
    <LinkCards
      items={links}
      heading={(link) => (
        <Text fw={600} className={classes.title}>
          {link.title}
        </Text>
      )}
      details={(link) => [
        { term: 'Type', value: linkTypeLabel(link) },
        { term: 'Price', value: linkPrice(link) },
        { term: 'Created', value: formatDateTime(link.created_at) },
        { term: 'Collections', value: <CollectionsTotal link={link} /> },
      ]}
      footer={(link) => (
        <Group justify="space-between" wrap="nowrap">
          <DisabledCheckbox link={link} canManage={canManage} withLabel onRequestChange={onRequestStatusChange} />
          <PaymentLinkActions link={link} canManage={canManage} />
        </Group>
      )}
    />
  );
}
