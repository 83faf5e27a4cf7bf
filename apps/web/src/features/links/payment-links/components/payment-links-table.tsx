import { Text } from '@mantine/core';
import type { PaymentLink } from '@sente/contracts/links';
import { DateTime } from '../../../../components/date-time.tsx';
import { type LinkColumn, LinkTable } from '../../kit/link-table.tsx';
import { CollectionsTotal } from './collections-total.tsx';
import { DisabledCheckbox } from './disabled-checkbox.tsx';
import { linkPrice, linkTypeLabel } from './link-type-label.ts';
import { PaymentLinkActions } from './payment-link-actions.tsx';
import classes from './payment-links-table.module.css';

type Props = {
  links: PaymentLink[];
  canManage: boolean;
  onRequestStatusChange: (link: PaymentLink, disable: boolean) => void;
};

/** Payment links table (wide screens; phones get cards). */
export function PaymentLinksTable({ links, canManage, onRequestStatusChange }: Props) {
  const columns: LinkColumn<PaymentLink>[] = [
    {
      header: 'Title',
      miw: 150,
      cell: (link) => (
        <Text size="sm" fw={600} className={classes.title}>
          {link.title}
        </Text>
      ),
    },
    { header: 'Type', nowrap: true, cell: linkTypeLabel },
    { header: 'Price', nowrap: true, cell: linkPrice },
    { header: 'Created', cell: (link) => <DateTime value={link.created_at} /> },
    { header: 'Collections', nowrap: true, cell: (link) => <CollectionsTotal link={link} /> },
    {
      header: 'Disabled',
      cell: (link) => <DisabledCheckbox link={link} canManage={canManage} onRequestChange={onRequestStatusChange} />,
    },
  ];
  return (
    // Seven columns, four actions and the widest values a link shows fit 1,280 px beside the navigation without
    // scrolling sideways, with room for a scroll bar: the title wraps from 150 px, the date breaks before its time, and
    // the cells keep to this spacing (the payment-links journey measures it).
    <LinkTable
      label="Payment links table"
      minWidth={860}
      horizontalSpacing="xs"
      columns={columns}
      items={links}
      actions={(link) => <PaymentLinkActions link={link} canManage={canManage} />}
    />
  );
}
