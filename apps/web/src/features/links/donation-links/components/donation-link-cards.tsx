import { Group, Text } from '@mantine/core';
import { formatDateTime, formatMoney } from '@sente/contracts/format';
import type { DonationLink } from '@sente/contracts/links';
import { LinkCards } from '../../kit/link-cards.tsx';
import { DonationLinkActions } from './donation-link-actions.tsx';
import { DonationLinkHeading } from './donation-link-heading.tsx';
import { donationLinkTypeLabel, donationTarget } from './donation-link-labels.ts';

/** The donation links on a phone: one card per link, same fields and actions as the table. */
export function DonationLinkCards({ links, canManage }: { links: DonationLink[]; canManage: boolean }) {
  return (
    <LinkCards
      items={links}
      heading={(link) => <DonationLinkHeading link={link} />}
      details={(link) => [
        { term: 'Type', value: donationLinkTypeLabel(link) },
        { term: 'Target', value: donationTarget(link) },
        { term: 'Created', value: formatDateTime(link.created_at) },
        {
          term: 'Donations',
          value: (
            <Text span size="sm" fw={600}>
              {formatMoney(link.collections_total)}
            </Text>
          ),
        },
      ]}
      footer={(link) => (
        <Group justify="flex-end" wrap="nowrap">
          <DonationLinkActions link={link} canManage={canManage} />
        </Group>
      )}
    />
  );
}
