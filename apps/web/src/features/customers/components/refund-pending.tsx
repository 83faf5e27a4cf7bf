import { Text } from '@mantine/core';
import { formatMoney } from '@sente/contracts/format';
import type { CustomerRow } from '@sente/contracts/payments';
import { REFUND_LABELS } from '@sente/contracts/refunds';

/**
 * Under a customer's total paid, what refunds of their payments not paid yet will take of it (decision 073): the total
 * is lowered only once a refund is paid. Nothing when there is none.
 */
export function RefundPending({ customer }: { customer: Pick<CustomerRow, 'refund_pending'> }) {
  if (customer.refund_pending <= 0) return null;
  return (
    <Text size="xs" c="gray.7">
      {REFUND_LABELS.pendingOfTotal(formatMoney(customer.refund_pending))}
    </Text>
  );
}
