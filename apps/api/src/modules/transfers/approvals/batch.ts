import { AWAITING_WHAT } from '@sente/contracts/movement-approvals';
import { maskRegisteredName } from '@sente/contracts/name-check';
import { BATCH_MESSAGES as M } from '@sente/contracts/payout-batches';
import { BATCH_LIMITS } from '@sente/contracts/payout-batches-check';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/database.ts';
import type { MemberInScope } from '../../../lib/actor.ts';
import { badRequest, notFound } from '../../../lib/http-error.ts';
import { isUuid } from '../../../lib/ids.ts';
import { emit } from '../../events/events.ts';
import { InsufficientFundsError, postMovement } from '../../money/ledger.ts';
import { batchHeld } from '../../money/movements.ts';
import { recheck } from '../batches/drafts.ts';
import {
  acceptRowName,
  type BatchRecord,
  batchById,
  batchErrorCount,
  expireDueBatches,
  findBatch,
  findRow,
  largestRowAmount,
  markBatchDraftAgain,
  markBatchPaying,
  markBatchRejected,
  markBatchSubmitted,
  queueRowsPaced,
  recordEvent,
  rowCounts,
} from '../batches/repository.ts';
import { checkPayoutRules } from '../payout-rules.ts';
import { assertAnotherApprover } from './approvers.ts';
import type { ApprovalSubject } from './machine.ts';

/**
 * The account's payout rules on an approved batch (decision 065), after its hold took the wallet's lock: its total
 * counts against the day's caps, for its maker as their transfers' creator, and each row against the cap per payout.
 */
async function checkBatchRules(trx: Transaction<Database>, batch: BatchRecord): Promise<void> {
  const scope = { accountId: batch.account_id, environment: batch.environment };
  await checkPayoutRules(trx, scope, batch.maker_id, Number(batch.total_amount), { perPayout: false });
  const largest = await largestRowAmount(trx, batch.id);
  if (largest !== null) await checkPayoutRules(trx, scope, null, Number(largest), { dailyCaps: false });
}

/**
 * Decision 071: the members who may approve a batch now submitted (its maker's, or /v1's) hear of it, in the
 * transaction that submits it.
 */
export async function alertApprovers(trx: Transaction<Database>, batchId: string): Promise<void> {
  const batch = await batchById(trx, batchId);
  await emit(trx, {
    type: 'approval.requested',
    accountId: batch.account_id,
    environment: batch.environment,
    makerId: batch.maker_id,
    what: AWAITING_WHAT.batch(batch.reference, batch.row_count),
    amount: Number(batch.total_amount) + Number(batch.charge_per_row) * batch.row_count,
  });
}

/** How the rows of an approved batch are handed to the providers: `size` rows every `intervalMs` (0: all at once). */
export type PayPacing = { size: number; intervalMs: number };

export type BatchSubjectOptions = {
  db: Kysely<Database>;
  maxAmount: number;
  /** Live rows are paced so the providers' rate limits hold; the simulator takes them all at once. */
  livePacing: PayPacing;
};

/**
 * A payout batch as the approval machine's subject (decision 066): its maker submits it; the approver accepts each name
 * that does not match, then approves with the wallet PIN, which holds the total with charges at once and queues the
 * rows; rejected it ends; withdrawn by its maker it is a draft again; unanswered it expires after 72 hours.
 */
export function createBatchSubject({ db, maxAmount, livePacing }: BatchSubjectOptions) {
  /**
   * Refused unless every row is free of errors, every name was looked up and no number is barred or unregistered. A
   * draft's rows are checked again first (the account's rules may have changed since); a submitted batch's cannot change,
   * and its approval names the rule a change of the rules since would break (checkBatchRules).
   */
  async function assertReady(trx: Transaction<Database>, batch: BatchRecord): Promise<void> {
    if (batch.status === 'draft') await recheck(trx, batch.id, maxAmount);
    const errors = await batchErrorCount(trx, batch.id);
    const counts = await rowCounts(trx, batch.id);
    if (batch.row_count === 0) throw badRequest(M.noRows);
    if (errors > 0) throw badRequest(M.hasErrors);
    if (counts.names_pending > 0) throw badRequest(M.namesPending);
    if (counts.names_blocking > 0) throw badRequest(M.blockedRows);
  }

  /** A submitted batch, locked, that the actor (not its maker) may answer; an expired one is refused. */
  async function awaitingForApprover(trx: Transaction<Database>, actor: MemberInScope, id: string, now: Date) {
    const batch = isUuid(id) ? await findBatch(trx, actor, id, true) : undefined;
    if (!batch) throw notFound(M.notFound);
    if (batch.status !== 'submitted') throw badRequest(M.notSubmitted);
    if (batch.expires_at && new Date(batch.expires_at) <= now) throw badRequest(M.expired);
    if (batch.maker_id === actor.userId) throw badRequest(M.ownBatch);
    return batch;
  }

  const subject: ApprovalSubject<BatchRecord> = {
    messages: { notFound: M.notFound, notAwaiting: M.notSubmitted, expired: M.expired, own: M.ownBatch, notYours: M.notYours },
    lock: (trx, actor, id) => findBatch(trx, actor, id, true),
    standing: (batch) => ({
      awaiting: batch.status === 'submitted',
      makerId: batch.maker_id,
      expiresAt: batch.expires_at ? new Date(batch.expires_at) : null,
    }),
    async ready(trx, batch) {
      await assertReady(trx, batch);
      const counts = await rowCounts(trx, batch.id);
      if (counts.mismatches_accepted < counts.mismatches) throw badRequest(M.mismatchesOpen);
    },
    /**
     * In the approval's transaction: the total with charges held from the wallet (refused when it cannot cover it:
     * nothing is written), the rules checked, the rows queued for the worker, paced for a live provider.
     */
    async approved(trx, actor, batch, now) {
      const fresh = (await findBatch(trx, actor, batch.id))!;
      const total = Number(fresh.total_amount) + Number(fresh.charge_per_row) * fresh.row_count;
      const where = { currency: 'UGX' as const, environment: fresh.environment };
      try {
        await postMovement(trx, batchHeld(where, { id: fresh.id, accountId: fresh.account_id, total }));
      } catch (error) {
        if (error instanceof InsufficientFundsError) throw badRequest(M.insufficientBalance);
        throw error;
      }
      await checkBatchRules(trx, fresh);
      const pacing = fresh.environment === 'production' ? livePacing : { size: 1, intervalMs: 0 };
      await queueRowsPaced(trx, fresh.id, now, pacing);
      await markBatchPaying(trx, fresh.id, actor.userId, now);
      await recordEvent(trx, {
        batchId: fresh.id,
        actorId: actor.userId,
        action: 'approved',
        detail: `UGX ${total.toLocaleString('en-US')} held for ${fresh.row_count.toLocaleString('en-US')} payouts`,
      });
      await emit(trx, { type: 'batch.changed', batchId: fresh.id, step: 'approved' });
      return null;
    },
    async declined(trx, actor, batch, reason, now) {
      await markBatchRejected(trx, batch.id, actor.userId, reason, now);
      await recordEvent(trx, { batchId: batch.id, actorId: actor.userId, action: 'rejected', detail: reason });
      await emit(trx, { type: 'batch.changed', batchId: batch.id, step: 'rejected' });
      return null;
    },
    /** Nothing is held before approval: the batch is a draft of its maker's again, to correct or discard. */
    async withdrawn(trx, actor, batch, now) {
      await markBatchDraftAgain(trx, batch.id, now);
      await recordEvent(trx, { batchId: batch.id, actorId: actor.userId, action: 'withdrawn' });
      return null;
    },
  };

  return {
    subject,

    /** The maker submits their draft for approval. */
    async submit(actor: MemberInScope, id: string, now = new Date()) {
      await db.transaction().execute(async (trx) => {
        const batch = isUuid(id) ? await findBatch(trx, actor, id, true) : undefined;
        if (!batch) throw notFound(M.notFound);
        if (batch.status !== 'draft' || batch.maker_id !== actor.userId) throw badRequest(M.notDraft);
        await assertReady(trx, batch);
        await assertAnotherApprover(trx, batch.account_id, actor.userId);
        await alertApprovers(trx, batch.id);
        const expires = new Date(now.getTime() + BATCH_LIMITS.approvalHours * 3_600_000);
        await markBatchSubmitted(trx, batch.id, now, expires);
        await recordEvent(trx, { batchId: batch.id, actorId: actor.userId, action: 'submitted' });
        await emit(trx, { type: 'batch.changed', batchId: batch.id, step: 'submitted' });
      });
    },

    /** The approver accepts that a row's number belongs to the person the sheet names, though the names differ. */
    async acceptName(actor: MemberInScope, id: string, rowId: string, now = new Date()): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const batch = await awaitingForApprover(trx, actor, id, now);
        const row = isUuid(rowId) ? await findRow(trx, batch.id, rowId, true) : undefined;
        if (!row) throw notFound(M.rowNotFound);
        if (row.name_check !== 'mismatch') throw badRequest(M.notMismatch);
        await acceptRowName(trx, row.id, actor.userId);
        const registered = row.registered_name ? maskRegisteredName(row.registered_name) : 'unknown';
        await recordEvent(trx, {
          batchId: batch.id,
          actorId: actor.userId,
          action: 'name_accepted',
          position: row.position,
          detail: `${row.name} accepted as ${registered}`.slice(0, 300),
        });
        return row.id;
      });
    },

    /** The worker: batches whose approval request ran out become expired, each with its step. Answers how many. */
    async expireDue(now = new Date(), limit = 100): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const rows = await expireDueBatches(trx, now, limit);
        for (const row of rows) {
          await recordEvent(trx, { batchId: row.id, actorId: null, action: 'expired' });
          await emit(trx, { type: 'batch.changed', batchId: row.id, step: 'expired' });
        }
        return rows.length;
      });
    },
  };
}
