import { Badge, type BadgeProps } from '@mantine/core';
import type { PaymentState } from '@sente/contracts/payment-states';

/** Collection statuses with what refunds make of a payment (decisions 057 and 073), and the transfer ones. */
export type MoneyStatus = PaymentState | 'rejected';

/**
 * The word's colour is darker than Mantine's darkest shade: green.9 and yellow.9 on their own light tint stay
 * under the 4.5:1 contrast small text needs (axe counts them); these reach 5.8:1 and more.
 */
const STATUS = {
  successful: { label: 'Successful', color: 'green', text: '#1e6b30' },
  pending: { label: 'Pending', color: 'yellow', text: '#7a4300' },
  failed: { label: 'Failed', color: 'red', text: '#a51d1d' },
  refund_pending: { label: 'Refund pending', color: 'orange', text: '#7d3800' },
  partly_refunded: { label: 'Partly refunded', color: 'blue', text: '#1a4d85' },
  refunded: { label: 'Refunded', color: 'gray', text: '#3b4046' },
  rejected: { label: 'Rejected', color: 'red', text: '#a51d1d' },
} as const satisfies Record<MoneyStatus, { label: string; color: string; text: string }>;

/**
 * A status as a word on its colour (successful green, failed red, pending yellow), so it never rests on colour alone;
 * `label` words another state in the same tone (a team invitation not yet taken up is pending: 'Invite Sent').
 */
export function StatusBadge({ status, size = 'md', label }: { status: MoneyStatus; size?: BadgeProps['size']; label?: string }) {
  const { color, text } = STATUS[status];
  return (
    // max-content: in a crowded table row the badge keeps its whole word instead of 'SUCCE…'.
    <Badge variant="light" color={color} c={text} size={size} radius="sm" miw="max-content">
      {label ?? STATUS[status].label}
    </Badge>
  );
}
