import { PaymentDrawer } from '../../features/payments/index.ts';
import { TransfersRoute } from '../../features/transfers/routes/transfers.tsx';

/**
 * The Transfers page with the payment drawer over it, where a refund's row opens the payment it paid back. Put
 * together here, so that transfers and payments do not import each other: payments already asks transfers for the PIN.
 */
export function TransfersPage() {
  return (
    <>
      <TransfersRoute />
      <PaymentDrawer />
    </>
  );
}
