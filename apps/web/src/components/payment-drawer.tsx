import { lazy, Suspense } from 'react';
import { useOpenPayment } from '../lib/payment-param.ts';

// Mounted closed with its page, so its code loads just after the first paint, stays off the page's own weight
// (bench/js-budget.test.ts), and opens at once on a click.
const PaymentDetailsDrawer = lazy(() =>
  import('./payment-details-drawer.tsx').then((m) => ({ default: m.PaymentDetailsDrawer })),
);

/**
 * Issue 31 item 2: the payment the URL names (`?payment=<id>`) in a drawer over the page. Every page that lists
 * payments mounts it once; their rows open it through components/open-payment.tsx.
 */
export function PaymentDrawer() {
  const { id, close } = useOpenPayment();
  return (
    <Suspense fallback={null}>
      <PaymentDetailsDrawer id={id} onClose={close} />
    </Suspense>
  );
}
