import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDateTime, formatMoney } from '@sente/contracts/format';
import type { PaymentLink } from '@sente/contracts/links';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DisabledCheckbox } from './disabled-checkbox.tsx';
import { linkPrice, linkTypeLabel } from './link-type-label.ts';
import { PaymentLinkActions } from './payment-link-actions.tsx';

type Props = {
  links: PaymentLink[];
  canManage: boolean;
  onRequestStatusChange: (link: PaymentLink, disable: boolean) => void;
};

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

/** The payment links on a phone: one card per link, same fields and actions as the table. */
export function PaymentLinkCards({ links, canManage, onRequestStatusChange }: Props) {
  return (
    <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {links.map((link) => (
        <Paper component="li" key={link.id} withBorder radius="md" p="md">
          <Stack gap="sm">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {link.title}
            </Text>
            <SimpleGrid component="dl" cols={2} spacing="sm" verticalSpacing="xs" m={0}>
              <Detail term="Type">{linkTypeLabel(link)}</Detail>
              <Detail term="Price">{linkPrice(link)}</Detail>
              <Detail term="Created">{formatDateTime(link.created_at)}</Detail>
              <Detail term="Collections">
                <Anchor component={Link} to={`/live/${encodeURIComponent(link.ref)}`} size="sm" fw={600} c="sente.8">
                  {formatMoney(link.collections_total)}
                </Anchor>
              </Detail>
            </SimpleGrid>
            <Group justify="space-between" wrap="nowrap">
              <DisabledCheckbox link={link} canManage={canManage} withLabel onRequestChange={onRequestStatusChange} />
              <PaymentLinkActions link={link} canManage={canManage} />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
