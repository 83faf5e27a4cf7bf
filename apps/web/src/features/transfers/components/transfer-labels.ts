import { TRANSFER_OPTIONS, type TransferRow } from '@sente/contracts/transfers';

/** Where the money went or came from, in a few words: 'From Bob Hardware (…)', 'To bank …', 'To 0772 …'. */
export function movementLabel(row: TransferRow): string {
  const kind = TRANSFER_OPTIONS[row.kind];
  if (row.direction === 'in') return `From ${row.counterparty ?? 'another account'}`;
  return row.counterparty ? `${kind} to ${row.counterparty}` : kind;
}

export const creatorName = (row: TransferRow) => `${row.creator.firstname} ${row.creator.lastname}`;
