import { Button, Text } from '@mantine/core';
import type { CollectionDetail } from '@sente/contracts/payments-answers';
import { REFUND_LABELS as L } from '@sente/contracts/refunds';
import { IconReceiptRefund } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';

// The modal, its form rules and the PIN step load when Refund is first pressed: most payments opened are only read.
const RefundModal = lazy(() => import('./refund-modal.tsx').then((m) => ({ default: m.RefundModal })));

type Props = {
  payment: CollectionDetail;
  /** Told when the Refund modal opens over the payment and when it closes. */
  onCover?: (covered: boolean) => void;
};

/**
 * Refunds (decision 053), for the roles that move money (the server's right for it): Refund while some of the payment can be
 * refunded; else, of a successful payment, why none can (refunded in full, a live card payment), muted.
 */
export function RefundAction({ payment, onCover }: Props) {
  const [refunding, setRefunding] = useState(false);
  const cover = (open: boolean) => {
    setRefunding(open);
    onCover?.(open);
  };
  let shown: ReactNode = null;
  if (payment.refund_blocked) {
    if (payment.status === 'successful') {
      shown = (
        <Text size="sm" c="gray.7" data-testid="refund-blocked">
          {payment.refund_blocked}
        </Text>
      );
    }
  } else if (payment.refundable > 0) {
    shown = (
      <Button variant="default" leftSection={<IconReceiptRefund size={16} aria-hidden />} onClick={() => cover(true)}>
        {L.refund}
      </Button>
    );
  }
  return (
    <>
      {shown}
      {/* The modal stays through a change of the payment under it (read again once the refund is made). */}
      {refunding && (
        <Suspense fallback={null}>
          <RefundModal payment={payment} onClose={() => cover(false)} />
        </Suspense>
      )}
    </>
  );
}
