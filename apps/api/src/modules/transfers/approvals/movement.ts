import { APPROVAL_MESSAGES as A, AWAITING_WHAT, type MovementApproval } from '@sente/contracts/movement-approvals';
import { BATCH_LIMITS } from '@sente/contracts/payout-batches-check';
import { needsApproval } from '@sente/contracts/payout-rules';
import type { TransferKind } from '@sente/contracts/transfers';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../../db/database.ts';
import type { MemberInScope } from '../../../lib/actor.ts';
import { outboxColumns } from '../../../lib/hand-over.ts';
import type { MoneyScope } from '../../../lib/money-scope.ts';
import { emit } from '../../events/events.ts';
import { CARD_REFUND_NUMBER, isDisbursement, type PayoutOrder } from '../../money/disbursements.ts';
import { postMovement } from '../../money/ledger.ts';
import { type TransferOutKind, walletTransferReleased } from '../../money/movements.ts';
import type { TransferOutcome } from '../../money/outcomes.ts';
import type { PaymentProvider, ProviderRegistry } from '../../money/providers/provider.ts';
import type { TransferRecord } from '../../money/tables.ts';
import type { Complete } from '../completion.ts';
import { readPayoutRules } from '../payout-rules.ts';
import { accountById, completePendingTransfer } from '../repository.ts';
import { queueTransferEvent } from '../transfer-events.ts';
import { assertAnotherApprover } from './approvers.ts';
import type { AfterCommit, ApprovalSubject } from './machine.ts';
import {
  expireDueMovements,
  lockMovement,
  markMovementAnswered,
  uncreditedWalletTransfers,
  unreturnedMovements,
} from './repository.ts';

/** What a new movement's row is written with when the account's rules ask a second member to approve it. */
export type ApprovalColumns =
  | Record<string, never>
  | {
      approval_status: MovementApproval;
      approval_expires_at: Date;
      /** Nothing to hand over or expire before it is approved: the request's own expiry is the worker's. */
      expires_at: Date;
      settle_at: null;
      worker_next_attempt_at: null;
    };

/**
 * The approval of a new payout, settlement request or refund of `amount` (decision 067): none below the account's
 * approval threshold (or with none set); above it the movement is written held and awaiting a second member, for 72
 * hours, and nothing is handed to its provider meanwhile; refused when no member but its maker may approve it. Read
 * inside the movement's transaction.
 */
export async function approvalColumns(
  trx: Transaction<Database>,
  movement: MoneyScope & { kind: keyof typeof AWAITING_WHAT & TransferKind; amount: number; makerId: string | null },
  now = new Date(),
): Promise<ApprovalColumns> {
  const { accountId, amount, makerId } = movement;
  if (!needsApproval(await readPayoutRules(trx, accountId), amount)) return {};
  // Decision 071: never held for a second member who does not exist (refused before any money moves); those who may
  // approve it hear of it in this transaction.
  await assertAnotherApprover(trx, accountId, makerId);
  await emit(trx, {
    type: 'approval.requested',
    accountId: movement.accountId,
    environment: movement.environment,
    makerId: movement.makerId,
    what: AWAITING_WHAT[movement.kind],
    amount: movement.amount,
  });
  const expires = new Date(now.getTime() + BATCH_LIMITS.approvalHours * 3_600_000);
  return {
    approval_status: 'awaiting',
    approval_expires_at: expires,
    expires_at: expires,
    settle_at: null,
    worker_next_attempt_at: null,
  };
}

export type MovementSubjectOptions = {
  db: Kysely<Database>;
  providers: ProviderRegistry;
  complete: Complete;
  send: (provider: PaymentProvider, payout: PayoutOrder, now: Date) => Promise<boolean>;
  payoutExpirySeconds: number;
  logger: Logger;
};

/**
 * A single movement as the approval machine's subject (decision 067): a payout, wallet transfer, settlement request or
 * refund written held with `approval_status = 'awaiting'`. Approved, it goes on as any other (a payout or refund is
 * handed to its provider, a settlement shown to the operator, a wallet transfer credited); declined, withdrawn or
 * expired, it is rejected and its money returned.
 */
export function createMovementSubject({ db, providers, complete, send, payoutExpirySeconds, logger }: MovementSubjectOptions) {
  /**
   * A held wallet transfer answered (it never reaches a provider): approved, the recipient is credited and both sides'
   * events queued; declined or expired, the sender gets the amount and charge back. Once, in one transaction.
   */
  async function releaseWalletTransfer(id: string, outcome: TransferOutcome): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const transfer = await completePendingTransfer(trx, id, ['wallet_transfer'], outcome.paid ? null : outcome.reason);
      if (!transfer?.recipient_account_id) return false;
      const parties = { id: transfer.id, fromAccountId: transfer.account_id, toAccountId: transfer.recipient_account_id };
      const amounts = { amount: Number(transfer.amount), charge: Number(transfer.charge) };
      await postMovement(trx, walletTransferReleased(transfer, { ...parties, ...amounts }, outcome.paid));
      if (outcome.paid) {
        const sender = await accountById(trx, transfer.account_id);
        await queueTransferEvent(trx, transfer, { accountId: transfer.account_id, direction: 'out' });
        await queueTransferEvent(trx, transfer, {
          accountId: transfer.recipient_account_id,
          direction: 'in',
          ...(sender ? { other: sender } : {}),
        });
      }
      return true;
    });
  }

  /** Returns the money of a declined, withdrawn or expired movement, once. */
  const reject = (row: Pick<TransferRecord, 'id' | 'kind'>, reason: string) =>
    row.kind === 'wallet_transfer'
      ? releaseWalletTransfer(row.id, { paid: false, reason })
      : complete(row.id, [row.kind as TransferOutKind], { paid: false, reason });

  /** Marks the movement answered by the actor; its money moves after the commit (`reject`, or the hand-over). */
  async function answered(
    trx: Transaction<Database>,
    actor: MemberInScope,
    row: TransferRecord,
    status: MovementApproval,
    now: Date,
  ): Promise<void> {
    await markMovementAnswered(trx, row.id, { status, approverId: actor.userId, now });
  }

  async function handOver(row: TransferRecord, now: Date): Promise<void> {
    if (row.kind === 'wallet_transfer') {
      await releaseWalletTransfer(row.id, { paid: true });
      return;
    }
    if (!isDisbursement(row.kind)) return;
    const provider = row.provider ? providers.named(row.provider) : null;
    if (!provider) {
      logger.error({ transferId: row.id, provider: row.provider }, 'an approved payout names a provider not configured here');
      return;
    }
    const payout = {
      id: row.id,
      account: row.payout_msisdn ?? CARD_REFUND_NUMBER,
      amount: Number(row.amount),
      currency: row.currency,
    };
    await send(provider, payout, now);
  }

  const subject: ApprovalSubject<TransferRecord> = {
    messages: { notFound: A.notFound, notAwaiting: A.notAwaiting, expired: A.expired, own: A.ownMovement, notYours: A.notYours },
    lock: lockMovement,
    standing: (row) => ({
      awaiting: row.approval_status === 'awaiting' && row.status === 'pending',
      makerId: row.creator_id,
      expiresAt: row.approval_expires_at,
    }),
    async approved(trx, actor, row, now): Promise<AfterCommit> {
      await markMovementAnswered(
        trx,
        row.id,
        { status: 'approved', approverId: actor.userId, now },
        // A payout or refund now expires as any other, and a live one is leased to this hand-over (decision 041).
        isDisbursement(row.kind)
          ? {
              expires_at: new Date(now.getTime() + payoutExpirySeconds * 1000),
              ...outboxColumns(row.provider ?? 'simulator', now),
            }
          : { expires_at: null },
      );
      return () => handOver(row, now);
    },
    async declined(trx, actor, row, reason, now) {
      await answered(trx, actor, row, 'declined', now);
      return () => reject(row, A.declinedReason(reason));
    },
    async withdrawn(trx, actor, row, now) {
      await answered(trx, actor, row, 'withdrawn', now);
      return () => reject(row, A.withdrawnReason);
    },
  };

  /**
   * The worker: requests unanswered for 72 hours expire, and a declined or withdrawn movement whose return did not
   * happen (its process stopped between the two) is returned. Answers how many were returned.
   */
  async function expireDue(now = new Date(), limit = 100): Promise<number> {
    const expired = await expireDueMovements(db, now, limit);
    const unreturned = await unreturnedMovements(db, limit);
    // An approved wallet transfer whose credit did not happen (its process stopped between the two) is credited.
    const approved = await uncreditedWalletTransfers(db, limit);
    let returned = 0;
    for (const row of expired) if (await reject(row, A.expired)) returned += 1;
    for (const row of unreturned) {
      if (await reject(row, row.approval_status === 'withdrawn' ? A.withdrawnReason : A.declined)) returned += 1;
    }
    for (const row of approved) await releaseWalletTransfer(row.id, { paid: true });
    return returned;
  }

  return { subject, expireDue };
}
