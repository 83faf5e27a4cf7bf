import { Text } from '@mantine/core';
import { formatMoney } from '@sente/contracts/format';
import type { DonationLink } from '@sente/contracts/links';
import { DateTime } from '../../../../components/date-time.tsx';
import { type LinkColumn, LinkTable } from '../../kit/link-table.tsx';
import { DonationLinkActions } from './donation-link-actions.tsx';
import { DonationLinkHeading } from './donation-link-heading.tsx';
import { donationLinkTypeLabel, donationTarget } from './donation-link-labels.ts';

const COLUMNS: LinkColumn<DonationLink>[] = [
  {
    header: 'Title',
    // The title and beneficiary wrap whole: the column takes the room the others leave.
    miw: 190,
    cell: (link) => <DonationLinkHeading link={link} compact />,
  },
  { header: 'Type', nowrap: true, cell: donationLinkTypeLabel },
  { header: 'Target', nowrap: true, cell: donationTarget },
  { header: 'Created', cell: (link) => <DateTime value={link.created_at} /> },
  {
    header: 'Donations',
    nowrap: true,
    cell: (link) => (
      <Text span size="sm" fw={600}>
        {formatMoney(link.collections_total)}
      </Text>
    ),
  },
];

/** Donation links table (wide screens; phones get cards). */
export function DonationLinksTable({ links, canManage }: { links: DonationLink[]; canManage: boolean }) {
  return (
    // Six columns and five actions fit 1,280 px beside the navigation without scrolling sideways, as the payment links'
    // table does: the title wraps from 190 px, the date breaks before its time, and the cells keep to this spacing
    // (the donation-links journey measures it).
    <LinkTable
      label="Donation links table"
      minWidth={860}
      horizontalSpacing="xs"
      columns={COLUMNS}
      items={links}
      actions={(link) => <DonationLinkActions link={link} canManage={canManage} />}
    />
  );
}
