import { randomUUID } from 'node:crypto';
import { API_ERROR_CODES } from '@sente/contracts/merchant-api';
import { normalizeUgandanPhone, PAYMENT_MESSAGES } from '@sente/contracts/payments';
import { WALLET_MESSAGES as M, type TransferCharges, type TransferKind } from '@sente/contracts/transfers';
import type { Kysely, Transaction } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import { claimHandOver, type HandOverResult, outboxColumns } from '../../lib/hand-over.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requireSameRequest } from '../../lib/idempotency.ts';
import type { MoneyScope } from '../../lib/money-scope.ts';
import { emit } from '../events/events.ts';
import {
  type Authority,
  CARD_REFUND_NUMBER,
  DISBURSEMENT_KINDS,
  type Disbursed,
  type DisbursementAsk,
  type HeldByItself,
  type Idempotency,
  OUT_KINDS,
  type PayoutOrder,
} from '../money/disbursements.ts';
import { InsufficientFundsError, postMovement } from '../money/ledger.ts';
import { transferHeld } from '../money/movements.ts';
import type { PaymentProvider, ProviderRegistry } from '../money/providers/provider.ts';
import { approvalColumns } from './approvals/movement.ts';
import type { Complete } from './completion.ts';
import { checkPayoutRules } from './payout-rules.ts';
import type { PinService } from './pins.ts';
import { findByIdempotencyKey, insertTransfer, listRecord, payoutAwaitingHandOver, recordPayoutAccepted } from './repository.ts';
import { toTransferRow } from './transfer-row.ts';

/** Raised inside a transaction to roll it back when a concurrent request with the same Idempotency-Key won. */
class Replayed extends Error {}

type Options = {
  db: Kysely<Database>;
  pins: PinService;
  providers: ProviderRegistry;
  complete: Complete;
  charges: TransferCharges;
  /** A payout or refund not confirmed by its provider within this is returned to the wallet. */
  expirySeconds: number;
  /** A live provider's payout is first asked about this long after it accepted (the reconciler, decision 032). */
  pollAfterMs: number;
  logger: Logger;
};

/**
 * The one money-out frame (decision 087): every settlement, payout and refund is written by `disburse(kind, ask)`, whose
 * kind's record (money/disbursements.ts's OUT_KINDS) says its charge, its rules and how it leaves, and whose subscribers
 * (subscribers.ts, by kind) say what follows it.
 *
 * A retry with the same Idempotency-Key answers the first transfer and moves nothing. Otherwise, in one transaction: the
 * PIN token is spent (an API key spends none), the amount and charge are held from the merchant wallet (so every
 * transaction takes its wallet rows before the transfer counters, migration 019), the payout rules are checked after
 * that lock, the approval threshold is read, the row is written and `transfer.pending` emitted. A wallet that would go
 * below zero is the kind's `balanceTooLow` and nothing is written.
 *
 * Then the hand-over tail. The row is the outbox (decision 041): a live payout or refund is written leased to its
 * request for HAND_OVER_GRACE_MS and handed to its provider after the commit, with the transfer's id as the provider's
 * reference (MTN's X-Reference-Id, Airtel's transaction id), so one that already reached the provider is answered as a
 * duplicate there, never paid twice. If the request dies in between, the worker hands it over (`handOver`) once that
 * lease runs out, and a retry with the same key claims it and hands it over before answering. A provider that refuses
 * returns the money at once; one that accepted keeps it pending even if recording its reference then fails: its report,
 * or the expiry, completes it. A movement above the approval threshold (decision 067) is handed over when a second
 * member approves it (approvals/movement.ts); a settlement waits for an operator.
 *
 * A wallet transfer is no movement out (its money stays inside Sente): it takes its own one-statement path (p2p.ts),
 * through `moveOut` only when it is held for a second member.
 */
export function createDisburse({ db, pins, providers, complete, charges, expirySeconds, pollAfterMs, logger }: Options) {
  /** The transfer an earlier request with this key made, if any; a key used for another kind or request is refused. */
  async function earlier(kind: TransferKind, scope: MoneyScope, idempotency: Idempotency) {
    if (!idempotency.key) return undefined;
    const found = await findByIdempotencyKey(db, scope, idempotency.key);
    if (found && found.kind !== kind) {
      throw new HttpError(400, M.idempotencyKeyReused, { code: API_ERROR_CODES.idempotencyKeyReused });
    }
    if (found) requireSameRequest(found.request_hash, idempotency.hash);
    return found;
  }

  /** A transfer as its request answers it. */
  const answer = async (id: string, accountId: string, replayed: boolean): Promise<Disbursed> => ({
    id,
    row: toTransferRow(await listRecord(db, id), accountId),
    replayed,
  });

  /**
   * The transaction every movement's request runs in: an earlier request's transfer answered, else the PIN token spent
   * and `work` run, which writes the transfer and its movement and answers its id (null when a concurrent request with
   * the same key already did). `balanceTooLow`: what a wallet that cannot cover it is told.
   */
  async function moveOut(
    kind: TransferKind,
    scope: MoneyScope,
    authority: Authority,
    idempotency: Idempotency,
    balanceTooLow: string,
    work: (trx: Transaction<Database>) => Promise<string | null>,
  ): Promise<Disbursed> {
    const first = await earlier(kind, scope, idempotency);
    if (first) return answer(first.id, scope.accountId, true);
    try {
      const id = await db.transaction().execute(async (trx) => {
        if ('pinToken' in authority) await pins.spend(trx, authority.member, authority.pinToken);
        const created = await work(trx);
        if (!created) throw new Replayed();
        return created;
      });
      return answer(id, scope.accountId, false);
    } catch (error) {
      // A double submit: the twin request with the same key committed while this one waited on the PIN token
      // or the key's row, so this one failed; it answers the twin's transfer, as a later retry would.
      const twin = await earlier(kind, scope, idempotency);
      if (twin) return answer(twin.id, scope.accountId, true);
      if (error instanceof InsufficientFundsError) {
        throw new HttpError(400, balanceTooLow, { code: API_ERROR_CODES.insufficientBalance });
      }
      throw error;
    }
  }

  /**
   * Asks the provider to pay a held payout, batch row or refund out; a refusal returns the money. Answers whether it is
   * still pending.
   */
  async function send(provider: PaymentProvider, payout: PayoutOrder, now: Date): Promise<boolean> {
    let accepted: Awaited<ReturnType<typeof provider.payout>>;
    try {
      accepted = await provider.payout({
        transferId: payout.id,
        msisdn: normalizeUgandanPhone(payout.account) ?? payout.account,
        amount: payout.amount,
        currency: payout.currency,
      });
    } catch (error) {
      logger.error({ err: error, transferId: payout.id }, 'provider refused the payout');
      const message = error instanceof HttpError ? error.message : PAYMENT_MESSAGES.providerUnavailable;
      await complete(payout.id, DISBURSEMENT_KINDS, { paid: false, reason: message });
      return false;
    }
    try {
      await recordPayoutAccepted(db, payout.id, accepted, new Date(now.getTime() + pollAfterMs));
    } catch (error) {
      logger.error({ err: error, transferId: payout.id }, 'recording an accepted payout failed; it stays pending');
    }
    return true;
  }

  /**
   * Hands over a held live payout that its request never handed over, at any age (its money is held either way), for
   * the worker or a replay that holds the row. Nothing when it was handed over meanwhile or its provider is not
   * configured here (the reconciler then logs it and keeps the money held).
   */
  async function handOver(id: string, now = new Date()): Promise<HandOverResult> {
    const row = await payoutAwaitingHandOver(db, id);
    const provider = row?.provider ? providers.named(row.provider) : null;
    if (!row?.payout_msisdn || !provider || provider.name === 'simulator') return null;
    logger.warn({ transferId: id, provider: provider.name }, 'handing over a payout its request did not');
    await send(provider, { id, account: row.payout_msisdn, amount: Number(row.amount), currency: row.currency }, now);
    return 'sent';
  }

  /** A new settlement, payout or refund, from its request to its hand-over (above). */
  async function disburse(kind: HeldByItself, ask: DisbursementAsk): Promise<Disbursed> {
    const record = OUT_KINDS[kind];
    const { scope, authority, idempotency, to } = ask;
    const maker = 'member' in authority ? authority.member.userId : null;
    const moved = await moveOut(kind, scope, authority, idempotency, record.balanceTooLow, async (trx) => {
      const amount = typeof ask.amount === 'number' ? ask.amount : await ask.amount(trx);
      const charge = record.charge(charges);
      const id = randomUUID();
      const where = { currency: 'UGX' as const, environment: scope.environment };
      // UGX: the only currency money leaves a wallet in today.
      await postMovement(trx, transferHeld(where, kind, { id, accountId: scope.accountId, amount, charge }));
      await checkPayoutRules(trx, scope, maker, amount, { perPayout: record.perPayoutCap });
      const transfer = await insertTransfer(trx, {
        id,
        kind,
        account_id: scope.accountId,
        ...where,
        amount,
        charge,
        reason: ask.reason,
        status: 'pending',
        creator_id: maker,
        idempotency_key: idempotency.key ?? null,
        request_hash: idempotency.hash,
        collection_id: ask.collectionId ?? null,
        ...('bank' in to
          ? { bank_details: JSON.stringify(to.bank) }
          : {
              payout_msisdn: to.msisdn,
              provider: to.provider.name,
              ...outboxColumns(to.provider.name),
              expires_at: new Date(Date.now() + expirySeconds * 1000),
            }),
        ...(await approvalColumns(trx, { ...scope, kind, amount, makerId: maker })),
      });
      if (!transfer) return null;
      await emit(trx, { type: 'transfer.pending', transfer });
      return transfer.id;
    });
    // Above the approval threshold: handed over when a second member approves it. A settlement waits for an operator.
    if (moved.row.approval?.status === 'awaiting' || 'bank' in to) return moved;
    if (moved.replayed) {
      // The first request may have died before handing it over: this retry does it, unless someone else holds it.
      if (moved.row.status !== 'pending' || !(await claimHandOver(db, 'transfers', moved.id))) return moved;
      await handOver(moved.id);
      return answer(moved.id, scope.accountId, true);
    }
    const order = {
      id: moved.id,
      account: to.msisdn ?? CARD_REFUND_NUMBER,
      amount: moved.row.amount,
      currency: moved.row.currency,
    };
    const sent = await send(to.provider, order, new Date());
    // Refused: answered as it now stands, returned to the wallet with the provider's reason.
    return sent ? moved : answer(moved.id, scope.accountId, false);
  }

  return { disburse, moveOut, earlier, answer, send, handOver };
}

export type DisburseFrame = ReturnType<typeof createDisburse>;
