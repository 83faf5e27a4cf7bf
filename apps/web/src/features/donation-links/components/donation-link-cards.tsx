import { Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDateTime, formatMoney } from '@sente/contracts/format';
import type { DonationLink } from '@sente/contracts/links';
import type { ReactNode } from 'react';
import { DonationLinkActions } from './donation-link-actions.tsx';
import { donationLinkTypeLabel, donationTarget } from './donation-link-labels.ts';
import { DonationLinkThumbnail } from './donation-link-thumbnail.tsx';

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

/** The donation links on a phone: one card per link, same fields and actions as the table. */
export function DonationLinkCards({ links, canManage }: { links: DonationLink[]; canManage: boolean }) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {links.map((link) => (
        <Paper component="li" key={link.id} withBorder radius="md" p="md">
          <Stack gap="sm">
            <Group gap="sm" wrap="nowrap">
              <DonationLinkThumbnail link={link} />
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {link.title}
                </Text>
                {link.beneficiary && (
                  <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                    For {link.beneficiary}
                  </Text>
                )}
              </div>
            </Group>
            <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
              <Detail term="Type">{donationLinkTypeLabel(link)}</Detail>
              <Detail term="Target">{donationTarget(link)}</Detail>
              <Detail term="Created">{formatDateTime(link.created_at)}</Detail>
              <Detail term="Donations">
                <Text span size="sm" fw={600}>
                  {formatMoney(link.collections_total)}
                </Text>
              </Detail>
            </SimpleGrid>
            <Group justify="flex-end" wrap="nowrap">
              <DonationLinkActions link={link} canManage={canManage} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
