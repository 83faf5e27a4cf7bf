import { Anchor } from '@mantine/core';
import type { TransferRow } from '@sente/contracts/transfers';
import { Link } from 'react-router';
import { usePaymentOpener } from '../../../lib/payment-param.ts';
import { movementLabel } from './transfer-labels.ts';

/** Where a transfer went, in words; a refund's opens the payment it paid back (decision 053). */
export function Movement({ row }: { row: TransferRow }) {
  if (row.kind !== 'refund' || row.collection_id === null) return movementLabel(row);
  return <RefundedPaymentLink id={row.collection_id} label={movementLabel(row)} />;
}

/**
 * The link as the payments feature draws one (`?payment=<id>`, which the page's payment drawer reads), written here so
 * that transfers need nothing of payments: the app mounts the drawer over this page.
 */
function RefundedPaymentLink({ id, label }: { id: string; label: string }) {
  const opener = usePaymentOpener();
  return (
    <Anchor
      component={Link}
      to={opener.to(id)}
      state={opener.state}
      aria-label={`${label}: open the refunded payment`}
      c="sente.8"
    >
      {label}
    </Anchor>
  );
}
