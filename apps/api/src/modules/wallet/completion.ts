import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { postMovement } from '../money/ledger.ts';
import { holdReleased } from '../money/movements.ts';
import type { TransferOutcome } from '../money/outcomes.ts';
import { completePendingTransfer } from './repository.ts';
import { queueTransferEvent } from './transfer-events.ts';

/**
 * Completes a pending settlement or payout, once however often and however concurrently its outcome arrives: the
 * status leaves pending only once, and in the same transaction the held amount and charge move out (paid: the amount
 * to the provider's clearing, the charge to the platform) or back to the wallet (refused), and the event is queued.
 * Answers whether this call completed it.
 */
export function createCompletion(db: Kysely<Database>) {
  return async function complete(id: string, kind: 'settlement' | 'payout', outcome: TransferOutcome): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const transfer = await completePendingTransfer(trx, id, kind, outcome.paid ? null : outcome.reason);
      if (!transfer) return false;
      await queueTransferEvent(trx, transfer, { accountId: transfer.account_id, direction: 'out' });
      const amounts = { amount: Number(transfer.amount), charge: Number(transfer.charge) };
      await postMovement(
        trx,
        holdReleased(transfer, kind, { ...amounts, id: transfer.id, accountId: transfer.account_id }, outcome.paid),
      );
      return true;
    });
  };
}
