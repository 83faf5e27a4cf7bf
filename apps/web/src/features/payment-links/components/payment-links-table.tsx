import { Anchor, Table, Text } from '@mantine/core';
import { formatDateTime, formatMoney } from '@sente/contracts/format';
import type { PaymentLink } from '@sente/contracts/links';
import { Link } from 'react-router';
import { ScrollTable } from '../../../components/scroll-table.tsx';
import { DisabledCheckbox } from './disabled-checkbox.tsx';
import { linkPrice, linkTypeLabel } from './link-type-label.ts';
import { PaymentLinkActions } from './payment-link-actions.tsx';

type Props = {
  links: PaymentLink[];
  canManage: boolean;
  onRequestStatusChange: (link: PaymentLink, disable: boolean) => void;
};

/** Spec §2 payment links table (wide screens; phones get cards). */
export function PaymentLinksTable({ links, canManage, onRequestStatusChange }: Props) {
  return (
    <ScrollTable minWidth={860} label="Payment links table">
      {/* Seven columns and a title of some width fit 1,280 px without scrolling sideways at this spacing. */}
      <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Price</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Collections</Table.Th>
            <Table.Th>Disabled</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {links.map((link) => (
            <Table.Tr key={link.id}>
              {/* The title wraps whole: the column takes the room the other columns leave (issue 27). */}
              <Table.Td miw={200}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {link.title}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{linkTypeLabel(link)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{linkPrice(link)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(link.created_at)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={`/live/${encodeURIComponent(link.ref)}`} size="sm" fw={600} c="sente.8">
                  {formatMoney(link.collections_total)}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <DisabledCheckbox link={link} canManage={canManage} onRequestChange={onRequestStatusChange} />
              </Table.Td>
              <Table.Td>
                <PaymentLinkActions link={link} canManage={canManage} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
