import { Badge, type BadgeProps } from '@mantine/core';
import type { CollectionStatus } from '@sente/contracts/payments';

/** Collection statuses, and the transfer ones (spec §3: pending, successful, rejected). */
export type MoneyStatus = CollectionStatus | 'rejected';

const STATUS = {
  successful: { label: 'Successful', color: 'green' },
  pending: { label: 'Pending', color: 'yellow' },
  failed: { label: 'Failed', color: 'red' },
  rejected: { label: 'Rejected', color: 'red' },
} as const satisfies Record<MoneyStatus, { label: string; color: string }>;

/**
 * A status as a word on its colour (successful green, failed red, pending yellow), so it never rests on
 * colour alone; the darkest shade of each keeps the word readable on its tint.
 */
export function StatusBadge({ status, size = 'md' }: { status: MoneyStatus; size?: BadgeProps['size'] }) {
  const { label, color } = STATUS[status];
  return (
    <Badge variant="light" color={color} c={`${color}.9`} size={size} radius="sm">
      {label}
    </Badge>
  );
}
