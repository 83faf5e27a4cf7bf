import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { queuePayoutFailedAlert, queueRefundDoneAlert } from '../alerts/queue.ts';
import type { RefundCompletionHooks } from '../money/disbursements.ts';
import { postMovement } from '../money/ledger.ts';
import { holdReleased, type TransferOutKind } from '../money/movements.ts';
import type { TransferOutcome } from '../money/outcomes.ts';
import { batchRowFinished } from './batches/work.ts';
import { completePendingTransfer } from './repository.ts';
import { queueTransferEvent } from './transfer-events.ts';

/**
 * Completes a pending settlement, payout or refund, once however often and however concurrently its outcome arrives:
 * the status leaves pending only once, and in the same transaction the held amount and charge move out (paid: the
 * amount to the provider's clearing, the charge to the platform) or back to the wallet (refused), and the event
 * and the members' alerts queued; a batch row's outcome is counted on its batch (batches/work.ts). `kinds` are the kinds the caller may complete, so an operator's settlement id never completes a payout.
 * Answers whether this call completed it.
 */
export function createCompletion(db: Kysely<Database>, refunds: RefundCompletionHooks) {
  return async function complete(id: string, kinds: readonly TransferOutKind[], outcome: TransferOutcome): Promise<boolean> {
    const completed = await db.transaction().execute(async (trx) => {
      const transfer = await completePendingTransfer(trx, id, kinds, outcome.paid ? null : outcome.reason);
      if (!transfer) return null;
      const kind = transfer.kind as TransferOutKind;
      if (kind === 'refund') await refunds.inTransaction(trx, transfer);
      else await queueTransferEvent(trx, transfer, { accountId: transfer.account_id, direction: 'out' });
      const amounts = { amount: Number(transfer.amount), charge: Number(transfer.charge) };
      await postMovement(
        trx,
        holdReleased(
          transfer,
          kind,
          { ...amounts, id: transfer.id, accountId: transfer.account_id, heldUnder: transfer.batch_id ?? undefined },
          outcome.paid,
        ),
      );
      if (kind === 'refund') await refunds.afterMoney(trx, transfer);
      if (kind === 'batch_payout') await batchRowFinished(trx, transfer, outcome.paid);
      if (kind === 'refund' && outcome.paid) await queueRefundDoneAlert(trx, transfer);
      if ((kind === 'payout' || kind === 'batch_payout') && !outcome.paid) await queuePayoutFailedAlert(trx, transfer);
      return transfer;
    });
    if (completed?.kind === 'refund') refunds.afterCommit(completed);
    return completed !== null;
  };
}

export type Complete = ReturnType<typeof createCompletion>;
