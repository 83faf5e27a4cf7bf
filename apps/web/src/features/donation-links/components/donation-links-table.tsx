import { Group, Table, Text } from '@mantine/core';
import { formatDateTime, formatMoney } from '@sente/contracts/format';
import type { DonationLink } from '@sente/contracts/links';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { DonationLinkActions } from './donation-link-actions.tsx';
import { donationLinkTypeLabel, donationTarget } from './donation-link-labels.ts';
import { DonationLinkThumbnail } from './donation-link-thumbnail.tsx';

/** Spec §2 donation links table (wide screens; phones get cards). */
export function DonationLinksTable({ links, canManage }: { links: DonationLink[]; canManage: boolean }) {
  return (
    <ScrollTable minWidth={820} label="Donation links table">
      <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Target</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Donations</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {links.map((link) => (
            <Table.Tr key={link.id}>
              {/* The title and beneficiary wrap whole: the column takes the room the others leave (issue 27). */}
              <Table.Td miw={260}>
                <Group gap="sm" wrap="nowrap">
                  <DonationLinkThumbnail link={link} size={36} />
                  <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <Text size="sm" fw={600}>
                      {link.title}
                    </Text>
                    {link.beneficiary && (
                      <Text size="xs" c="gray.7">
                        For {link.beneficiary}
                      </Text>
                    )}
                  </div>
                </Group>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{donationLinkTypeLabel(link)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{donationTarget(link)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(link.created_at)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text span size="sm" fw={600}>
                  {formatMoney(link.collections_total)}
                </Text>
              </Table.Td>
              <Table.Td>
                <DonationLinkActions link={link} canManage={canManage} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
