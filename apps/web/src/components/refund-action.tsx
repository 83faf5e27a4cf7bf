import { Button, Text } from '@mantine/core';
import type { CollectionDetail } from '@sente/contracts/payments-answers';
import { REFUND_LABELS as L } from '@sente/contracts/refunds';
import { IconReceiptRefund } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useCan } from '../lib/profile.ts';

// The modal, its form rules and the PIN step load when Refund is first pressed: most payments opened are only read.
const RefundModal = lazy(() => import('./refund-modal.tsx').then((m) => ({ default: m.RefundModal })));

/**
 * Issue 31 item 3: Refund, for the roles that move money (the server's right for it), while some of the payment can
 * be refunded; else, of a successful payment, why none can (refunded in full, a live card payment), muted.
 */
export function RefundAction({ payment }: { payment: CollectionDetail }) {
  const mayMoveMoney = useCan('moveMoney');
  const [refunding, setRefunding] = useState(false);
  if (!mayMoveMoney) return null;
  if (payment.refund_blocked) {
    if (payment.status !== 'successful') return null;
    return (
      <Text size="sm" c="gray.7" data-testid="refund-blocked">
        {payment.refund_blocked}
      </Text>
    );
  }
  if (payment.refundable <= 0) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconReceiptRefund size={16} aria-hidden />} onClick={() => setRefunding(true)}>
        {L.refund}
      </Button>
      {refunding && (
        <Suspense fallback={null}>
          <RefundModal payment={payment} onClose={() => setRefunding(false)} />
        </Suspense>
      )}
    </>
  );
}
