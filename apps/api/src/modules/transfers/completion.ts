import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type EmittedRow, emit } from '../events/events.ts';
import type { Outbox } from '../events/outbox.ts';
import { postMovement } from '../money/ledger.ts';
import { holdReleased, type TransferOutKind } from '../money/movements.ts';
import type { TransferOutcome } from '../money/outcomes.ts';
import { completePendingTransfer } from './repository.ts';

/**
 * Completes a pending settlement, payout or refund, once however often and however concurrently its outcome arrives:
 * the status leaves pending only once, and in the same transaction transfer.completed is emitted, the held amount and
 * charge move out (paid: the amount to the provider's clearing, the charge to the platform) or back to the wallet
 * (refused), and transfer.released is emitted; what follows from either (events, the timeline, a batch's counts,
 * alerts; after the commit, from the outbox, a paid refund's receipt to its payer) is their subscribers'. `kinds` are the kinds the caller may complete, so an operator's settlement id never
 * completes a payout. Answers whether this call completed it.
 */
export function createCompletion(db: Kysely<Database>, outbox: Pick<Outbox, 'dispatch'>) {
  return async function complete(id: string, kinds: readonly TransferOutKind[], outcome: TransferOutcome): Promise<boolean> {
    let outboxed: EmittedRow | undefined;
    const completed = await db.transaction().execute(async (trx) => {
      const transfer = await completePendingTransfer(trx, id, kinds, outcome.paid ? null : outcome.reason);
      if (!transfer) return null;
      const kind = transfer.kind as TransferOutKind;
      outboxed = await emit(trx, { type: 'transfer.completed', transfer, paid: outcome.paid });
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
      await emit(trx, { type: 'transfer.released', transfer, paid: outcome.paid });
      return transfer;
    });
    if (outboxed) outbox.dispatch(outboxed);
    return completed !== null;
  };
}

export type Complete = ReturnType<typeof createCompletion>;
