import type { Currency } from '@sente/contracts/constants';
import { API_ERROR_CODES, MERCHANT_API_MESSAGES } from '@sente/contracts/merchant-api';
import { mobileMoneyNumber, normalizeUgandanPhone, PAYMENT_MESSAGES } from '@sente/contracts/payments';
import { WALLET_MESSAGES as M } from '@sente/contracts/transfers';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.ts';
import { claimHandOver, type HandOverResult, outboxColumns } from '../../lib/hand-over.ts';
import { HttpError } from '../../lib/http-error.ts';
import { requestHash } from '../../lib/idempotency.ts';
import type { MoneyScope } from '../../lib/money-scope.ts';
import { storedReason } from '../../lib/stored-reason.ts';
import { emit } from '../events/events.ts';
import { type Authority, DISBURSEMENT_KINDS } from '../money/disbursements.ts';
import type { PaymentProvider, ProviderRegistry } from '../money/providers/provider.ts';
import { approvalColumns } from './approvals/movement.ts';
import type { Complete } from './completion.ts';
import { holdNew, type MovedOut, type MoveOut } from './move-out.ts';
import { checkPayoutRules } from './payout-rules.ts';
import { insertTransfer, payoutAwaitingHandOver, recordPayoutAccepted } from './repository.ts';

/**
 * The columns of a new payout or refund (payments/refunds) besides its money, number and reason: pending, made by the member
 * (none for an API key), written leased to its own request's hand-over when live (the row is the outbox, decision 041),
 * expiring as a payout does, with its Idempotency-Key and what the request asked.
 */
export function mobileMoneyOutColumns(
  provider: string,
  authority: Authority,
  expirySeconds: number,
  idempotency: { key: string | undefined; hash: string },
) {
  return {
    status: 'pending' as const,
    creator_id: 'member' in authority ? authority.member.userId : null,
    provider,
    ...outboxColumns(provider),
    expires_at: new Date(Date.now() + expirySeconds * 1000),
    idempotency_key: idempotency.key ?? null,
    request_hash: idempotency.hash,
  };
}

type Options = {
  db: Kysely<Database>;
  frame: MoveOut;
  providers: ProviderRegistry;
  complete: Complete;
  charge: number;
  expirySeconds: number;
  /** A live provider's payout is first asked about this long after it accepted (the reconciler, decision 032). */
  pollAfterMs: number;
  logger: Logger;
};

/**
 * A mobile-money payout: debited and held in one transaction, then handed to the provider (the simulator in
 * test), and paid out or returned when the provider reports (or the worker applies the simulator's decision, or the
 * payout expires). A provider that refuses returns the money at once. A provider that accepted keeps the payout
 * pending even if recording its reference then fails: its report, or the expiry, completes it.
 *
 * The row is the outbox (decision 041): a live payout is written leased to its request for HAND_OVER_GRACE_MS; if the
 * request dies between the commit and the provider's answer, the worker hands it over (`handOver`) once that lease
 * runs out, and a retry with the same Idempotency-Key claims it and hands it over before answering. Every hand-over
 * sends the transfer's id as the provider's reference (MTN's X-Reference-Id, Airtel's transaction id), so one that
 * already reached the provider is answered as a duplicate there, never paid twice.
 */
export function createPayouts({ db, frame, providers, complete, charge, expirySeconds, pollAfterMs, logger }: Options) {
  /**
   * Asks the provider to pay a held payout (or refund, payments/refunds) out; a refusal returns the money. Answers whether
   * it is still pending.
   */
  async function send(
    provider: PaymentProvider,
    payout: { id: string; account: string; amount: number; currency: Currency },
    now: Date,
  ): Promise<boolean> {
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
    const payout = { id, account: row.payout_msisdn, amount: Number(row.amount), currency: row.currency };
    await send(provider, payout, now);
    return 'sent';
  }

  async function startPayout(
    scope: MoneyScope,
    authority: Authority,
    input: { amount: number; account: string; narrative: string },
    idempotencyKey: string | undefined,
  ): Promise<MovedOut> {
    // A live provider takes its own network's Ugandan numbers, as 2567XXXXXXXX; test mode refuses what live refuses.
    const ugandan = mobileMoneyNumber(input.account);
    if (!ugandan) throw new HttpError(400, M.payoutNetworkUnsupported);
    const provider = providers.forPayout(scope.environment, ugandan);
    if (!provider) throw new HttpError(400, M.liveUnavailable, { code: API_ERROR_CODES.liveUnavailable });
    // Cleaned as the dashboard's reasons are; a /v1 caller is told in the words of its own field.
    const reason = storedReason(
      input.narrative,
      'apiKey' in authority ? MERCHANT_API_MESSAGES.reasonWithoutText : M.reasonMissing,
    );
    const hash = requestHash({ kind: 'payout', amount: input.amount, phone: input.account, narrative: input.narrative });
    const moved = await frame.moveOut('payout', scope, authority, { key: idempotencyKey, hash }, async (trx) => {
      const held = await holdNew(trx, 'payout', scope, { amount: input.amount, charge });
      const maker = 'member' in authority ? authority.member.userId : null;
      await checkPayoutRules(trx, scope, maker, input.amount);
      const transfer = await insertTransfer(trx, {
        ...held,
        reason,
        payout_msisdn: input.account,
        ...mobileMoneyOutColumns(provider.name, authority, expirySeconds, { key: idempotencyKey, hash }),
        ...(await approvalColumns(trx, { ...scope, kind: 'payout', amount: input.amount, makerId: maker })),
      });
      if (!transfer) return null;
      await emit(trx, { type: 'transfer.pending', transfer });
      return transfer.id;
    });
    // Above the approval threshold (decision 067): held until a second member approves it, handed over then.
    if (moved.row.approval?.status === 'awaiting') return moved;
    if (moved.replayed) {
      // The first request may have died before handing it over: this retry does it, unless someone else holds it.
      if (moved.row.status !== 'pending' || !(await claimHandOver(db, 'transfers', moved.id))) return moved;
      await handOver(moved.id);
      return frame.answer(moved.id, scope.accountId, true);
    }
    const sent = await send(
      provider,
      { id: moved.id, account: input.account, amount: input.amount, currency: moved.row.currency },
      new Date(),
    );
    // Refused: answered as it now stands, returned to the wallet with the provider's reason.
    return sent ? moved : frame.answer(moved.id, scope.accountId, false);
  }

  return { startPayout, handOver, send };
}
