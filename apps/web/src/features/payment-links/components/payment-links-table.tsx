import { Text } from '@mantine/core';
import { formatDateTime } from '@sente/contracts/format';
import type { PaymentLink } from '@sente/contracts/links';
import { type LinkColumn, LinkTable } from '../../../components/link-table.tsx';
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

/** Spec §2 payment links table (wide screens; phones get cards). */
export function PaymentLinksTable({ links, canManage, onRequestStatusChange }: Props) {
  const columns: LinkColumn<PaymentLink>[] = [
    {
      header: 'Title',
      miw: 200,
      cell: (link) => (
        <Text size="sm" fw={600} className={classes.title}>
          {link.title}
        </Text>
      ),
    },
    { header: 'Type', nowrap: true, cell: linkTypeLabel },
    { header: 'Price', nowrap: true, cell: linkPrice },
    { header: 'Created', nowrap: true, cell: (link) => formatDateTime(link.created_at) },
    { header: 'Collections', nowrap: true, cell: (link) => <CollectionsTotal link={link} /> },
    {
      header: 'Disabled',
      cell: (link) => <DisabledCheckbox link={link} canManage={canManage} onRequestChange={onRequestStatusChange} />,
    },
  ];
  return (
    // Seven columns and a title of some width fit 1,280 px without scrolling sideways at this spacing.
    <LinkTable
      label="Payment links table"
      minWidth={860}
      horizontalSpacing="sm"
      columns={columns}
      items={links}
      actions={(link) => <PaymentLinkActions link={link} canManage={canManage} />}
    />
  );
}
