import { Group, Paper, Stack, Text } from '@mantine/core';
import { formatDateTime, formatMoney } from '@sente/contracts/format';
import type { CollectionRefund } from '@sente/contracts/payments-answers';
import { REFUND_LABELS as L } from '@sente/contracts/refunds';
import { StatusBadge } from '../../../components/status-badge.tsx';
import classes from './payment-details.module.css';

/**
 * A payment's refunds as the server orders them, newest first: how much, its state as a word on its
 * colour (a pending one held for a second member's approval says so, decision 067), when it was started (and ended),
 * the merchant's reason, and why a failed one did not reach the payer.
 */
export function PaymentRefunds({ refunds }: { refunds: CollectionRefund[] }) {
  return (
    <Stack component="ul" gap="xs" className={classes.refunds}>
      {refunds.map((refund) => (
        <Paper component="li" key={refund.id} withBorder radius="md" p="sm">
          <Stack gap={4}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600} className={classes.figures}>
                {formatMoney(refund.amount, refund.currency)}
              </Text>
              <StatusBadge status={refund.status} size="sm" label={refund.awaiting_approval ? L.awaitingApproval : undefined} />
            </Group>
            <Text size="xs" c="gray.7">
              {formatDateTime(refund.created_at)}
              {refund.completed_at && ` · ${L.completed(formatDateTime(refund.completed_at))}`}
            </Text>
            {refund.reason && <Text size="sm">{refund.reason}</Text>}
            {refund.failure_reason && (
              <Text size="sm" c="red.9">
                {L.failed}: {refund.failure_reason}
              </Text>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
