import { lazy, Suspense, useState } from 'react';
import { useOpenPayment } from '../../../lib/payment-param.ts';

// Its code (with the contract modules it reads, zod among them: about 40 KB gzipped) loads when a payment is first
// opened, not with the page: most visits to a list open none, and on a slow phone the page's own bytes come first.
// Once loaded it stays mounted, so closing slides it away and a second payment opens at once.
const PaymentDetailsDrawer = lazy(() =>
  import('./payment-details-drawer.tsx').then((m) => ({ default: m.PaymentDetailsDrawer })),
);

/**
 * The payment the URL names (`?payment=<id>`) in a drawer over the page. Every page that lists
 * payments mounts it once; their rows open it through open-payment.tsx.
 */
export function PaymentDrawer() {
  const { id, close } = useOpenPayment();
  const [wanted, setWanted] = useState(id !== null);
  if (id !== null && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <PaymentDetailsDrawer id={id} onClose={close} />
    </Suspense>
  );
}
