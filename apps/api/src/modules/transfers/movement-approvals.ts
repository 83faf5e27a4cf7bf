import { APPROVAL_MESSAGES as A, type MovementApproval } from '@sente/contracts/movement-approvals';
import { BATCH_LIMITS } from '@sente/contracts/payout-batches-check';
import { needsApproval } from '@sente/contracts/payout-rules';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import { outboxColumns } from '../../lib/hand-over.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { isDisbursement, type MoneyActor } from '../money/disbursements.ts';
import { postMovement } from '../money/ledger.ts';
import { type TransferOutKind, walletTransferReleased } from '../money/movements.ts';
import type { TransferOutcome } from '../money/outcomes.ts';
import type { PaymentProvider, ProviderRegistry } from '../money/providers/provider.ts';
import type { TransferRecord } from '../money/tables.ts';
import type { Complete } from './completion.ts';
import { readPayoutRules } from './payout-rules.ts';
import type { PinService } from './pins.ts';
import { accountById, completePendingTransfer } from './repository.ts';
import { queueTransferEvent } from './transfer-events.ts';

/** A refund of a card payment has no number: the simulator pays it back to the card (payments/refunds). */
const CARD = 'card';

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
 * hours, and nothing is handed to its provider meanwhile. Read inside the movement's transaction.
 */
export async function approvalColumns(
  trx: Transaction<Database>,
  accountId: string,
  amount: number,
  now = new Date(),
): Promise<ApprovalColumns> {
  if (!needsApproval(await readPayoutRules(trx, accountId), amount)) return {};
  const expires = new Date(now.getTime() + BATCH_LIMITS.approvalHours * 3_600_000);
  return {
    approval_status: 'awaiting',
    approval_expires_at: expires,
    expires_at: expires,
    settle_at: null,
    worker_next_attempt_at: null,
  };
}

type Options = {
  db: Kysely<Database>;
  pins: PinService;
  providers: ProviderRegistry;
  complete: Complete;
  send: (
    provider: PaymentProvider,
    payout: { id: string; account: string; amount: number; currency: TransferRecord['currency'] },
    now: Date,
  ) => Promise<boolean>;
  payoutExpirySeconds: number;
  logger: Logger;
};

/**
 * The second member's answer to a movement awaiting approval (decision 067): approved with their PIN, it goes on as
 * any other (a payout or refund is handed to its provider, a settlement shown to the operator); declined, or unanswered
 * for 72 hours, it is rejected and its money returned. The member who asked can never answer it.
 */
export function createMovementApprovals({ db, pins, providers, complete, send, payoutExpirySeconds, logger }: Options) {
  async function awaiting(trx: Transaction<Database>, actor: MoneyActor, id: string, now: Date) {
    const row = isUuid(id)
      ? await trx
          .selectFrom('transfers')
          .selectAll()
          .where('id', '=', id)
          .where('account_id', '=', actor.accountId)
          .where('environment', '=', actor.environment)
          .forUpdate()
          .executeTakeFirst()
      : undefined;
    if (!row) throw notFound(A.notFound);
    if (row.approval_status !== 'awaiting' || row.status !== 'pending') throw badRequest(A.notAwaiting);
    if (row.approval_expires_at && row.approval_expires_at <= now) throw badRequest(A.expired);
    if (row.creator_id === actor.userId) throw badRequest(A.ownMovement);
    return row;
  }

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

  /** Returns the money of a declined or expired movement, once. */
  const reject = (row: Pick<TransferRecord, 'id' | 'kind'>, reason: string) =>
    row.kind === 'wallet_transfer'
      ? releaseWalletTransfer(row.id, { paid: false, reason })
      : complete(row.id, [row.kind as TransferOutKind], { paid: false, reason });

  return {
    async approve(actor: MoneyActor, id: string, pinToken: string, now = new Date()): Promise<void> {
      const row = await db.transaction().execute(async (trx) => {
        const found = await awaiting(trx, actor, id, now);
        await pins.spend(trx, actor, pinToken);
        const disbursement = isDisbursement(found.kind);
        await trx
          .updateTable('transfers')
          .set({
            approval_status: 'approved',
            approver_id: actor.userId,
            updated_at: now,
            // A payout or refund now expires as any other, and a live one is leased to this hand-over (decision 041).
            ...(disbursement
              ? {
                  expires_at: new Date(now.getTime() + payoutExpirySeconds * 1000),
                  ...outboxColumns(found.provider ?? 'simulator', now),
                }
              : { expires_at: null }),
          })
          .where('id', '=', found.id)
          .execute();
        return found;
      });
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
      const payout = { id: row.id, account: row.payout_msisdn ?? CARD, amount: Number(row.amount), currency: row.currency };
      await send(provider, payout, now);
    },

    async decline(actor: MoneyActor, id: string, reason: string, now = new Date()): Promise<void> {
      const row = await db.transaction().execute(async (trx) => {
        const found = await awaiting(trx, actor, id, now);
        await trx
          .updateTable('transfers')
          .set({ approval_status: 'declined', approver_id: actor.userId, updated_at: now })
          .where('id', '=', found.id)
          .execute();
        return found;
      });
      await reject(row, A.declinedReason(reason));
    },

    /**
     * The worker: requests unanswered for 72 hours expire, and a declined movement whose return did not happen (its
     * process stopped between the two) is returned. Answers how many were returned.
     */
    async expireDue(now = new Date(), limit = 100): Promise<number> {
      const expired = await sql<Pick<TransferRecord, 'id' | 'kind'>>`
        update transfers t set approval_status = 'expired', updated_at = now()
          from (select id from transfers where approval_status = 'awaiting' and status = 'pending'
                   and approval_expires_at <= ${now.toISOString()}::timestamptz
                 order by approval_expires_at limit ${limit} for update skip locked) due
         where t.id = due.id
        returning t.id, t.kind`.execute(db);
      const declined = await db
        .selectFrom('transfers')
        .select(['id', 'kind'])
        .where('approval_status', '=', 'declined')
        .where('status', '=', 'pending')
        .limit(limit)
        .execute();
      // An approved wallet transfer whose credit did not happen (its process stopped between the two) is credited.
      const approved = await db
        .selectFrom('transfers')
        .select('id')
        .where('kind', '=', 'wallet_transfer')
        .where('approval_status', '=', 'approved')
        .where('status', '=', 'pending')
        .limit(limit)
        .execute();
      let returned = 0;
      for (const row of expired.rows) if (await reject(row, A.expired)) returned += 1;
      for (const row of declined) if (await reject(row, A.declined)) returned += 1;
      for (const row of approved) await releaseWalletTransfer(row.id, { paid: true });
      return returned;
    },
  };
}

export type MovementApprovals = ReturnType<typeof createMovementApprovals>;
