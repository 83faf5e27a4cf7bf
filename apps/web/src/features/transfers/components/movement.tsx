import type { TransferRow } from '@sente/contracts/transfers';
import { OpenPaymentLink } from '../../payments/index.ts';
import { movementLabel } from './transfer-labels.ts';

/** Where a transfer went, in words; a refund's opens the payment it paid back (decision 053). */
export function Movement({ row }: { row: TransferRow }) {
  if (row.kind !== 'refund' || row.collection_id === null) return movementLabel(row);
  return (
    <OpenPaymentLink id={row.collection_id} label={`${movementLabel(row)}: open the refunded payment`}>
      {movementLabel(row)}
    </OpenPaymentLink>
  );
}
