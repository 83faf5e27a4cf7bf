import { PAYMENT_MESSAGES } from '@sente/contracts/payments';
import { WALLET_MESSAGES } from '@sente/contracts/transfers';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import type { HandOverResult } from '../lib/hand-over.ts';
import type { PaymentOutcome, TransferOutcome } from '../modules/money/outcomes.ts';
import type { ProviderRegistry } from '../modules/money/providers/provider.ts';
import { firstLateCheck, nextCheckAt, nextLateCheck, paymentOutcomeOf } from '../modules/money/providers/reconcile.ts';
import { createProviderReports, type RecordStep, type ReportResult } from '../modules/money/providers/report.ts';
import { type ClaimedPayment, type ClaimedPayout, type LateCheck, scheduleNextCheck } from './jobs-repository.ts';

/** What applying one due row did, as a pass counts it; null when it changed nothing. */
export type Applied = 'settled' | 'expired' | 'checked' | 'handedOver' | 'mismatched' | null;

export type DueRulesDeps = {
  db: Kysely<Database>;
  /** Applies a payment's outcome exactly once (payments' settle); truthy when this call applied it. */
  settlePayment: (id: string, outcome: PaymentOutcome) => Promise<unknown>;
  /** Applies a payout's outcome exactly once (the transfers' reportDisbursement); truthy when this call applied it. */
  reportDisbursement: (id: string, outcome: TransferOutcome) => Promise<unknown>;
  /**
   * Hands a claimed live payment its request never handed over to its provider (decision 041), before its expiry: the
   * payments service's handOver.
   */
  handOverPayment: (id: string, now: Date) => Promise<HandOverResult>;
  /** Hands a claimed live payout its request never handed over to its provider, at any age: the transfers'. */
  handOverPayout: (id: string, now: Date) => Promise<HandOverResult>;
  /** Records a provider's answer on a payment's timeline (payments' recordProviderStep). */
  recordStep: RecordStep;
  /** The providers a row names: a live one is asked for the row's status (the reconciler). */
  providers: ProviderRegistry;
  /** A live row is first asked about this long after its provider accepted it (PROVIDER_POLL_AFTER_SECONDS). */
  pollAfterMs: number;
  logger: Logger;
};

/** A provider's report as the pass counts it, once it ended in an outcome or a hold. */
const countedAs = (result: ReportResult): Applied =>
  result === 'applied' ? 'settled' : result === 'mismatched' ? 'mismatched' : null;

/**
 * The domain rules of the worker's due rows (decisions 029, 032, 033, 040, 041): what a due payment, payout or late
 * check comes to. The loop that claims, leases, retries and counts them is jobs.ts.
 */
export function createDueRules({
  db,
  settlePayment,
  reportDisbursement,
  handOverPayment,
  handOverPayout,
  recordStep,
  providers,
  pollAfterMs,
  logger,
}: DueRulesDeps) {
  const { applyProviderReport, ask, hold } = createProviderReports({ db, settlePayment, reportDisbursement, recordStep, logger });

  /** The simulator's outcome when it is due at `now`; null when the row was claimed for its expiry. */
  const simulatedOutcome = (row: ClaimedPayment | ClaimedPayout, now: Date) =>
    row.settle_at !== null && new Date(row.settle_at).getTime() <= now.getTime() ? row.simulated_outcome : null;

  const isExpired = (row: ClaimedPayment | ClaimedPayout, now: Date) =>
    row.expires_at !== null && new Date(row.expires_at).getTime() <= now.getTime();
  /** The live provider a row went to, when it can be asked about it; null for the simulator's rows. */
  const liveProvider = (row: ClaimedPayment | ClaimedPayout) => {
    const provider = row.provider && row.provider !== 'simulator' ? providers.named(row.provider) : null;
    if (row.provider && row.provider !== 'simulator' && !provider) {
      logger.error({ provider: row.provider, id: row.id }, 'a pending row names a provider that is not configured');
    }
    return provider;
  };

  /** A live row never handed to its provider: its request died between the commit and the provider's answer. */
  const awaitsHandOver = (row: ClaimedPayment | ClaimedPayout) =>
    row.provider !== null && row.provider !== 'simulator' && row.provider_reference === null;
  const handedOver = (result: HandOverResult): Applied =>
    result === 'sent' ? 'handedOver' : result === 'failed' ? 'settled' : null;

  /**
   * A payment: the simulator's decision when due; a live one never handed over is handed over before its expiry
   * (decision 041); a live one's provider asked for its status (the reconciler: a lost callback changes nothing) and its
   * report applied, or it is asked again later (also while the provider has no record of it, decision 040, until its
   * expiry fails it as lost); at its expiry, one that is still pending, or whose provider cannot be asked, fails as not
   * approved in time. A report with another amount or currency holds it.
   */
  const applyPayment = async (row: ClaimedPayment, now: Date, leaseUntil: Date): Promise<Applied> => {
    const simulated = simulatedOutcome(row, now);
    if (simulated) {
      return (await settlePayment(row.id, { status: simulated, message: row.simulated_message })) ? 'settled' : null;
    }
    if (awaitsHandOver(row) && !isExpired(row, now)) {
      const applied = handedOver(await handOverPayment(row.id, now));
      if (applied) return applied;
    }
    const provider = liveProvider(row);
    if (provider) {
      const subject = {
        kind: 'payment' as const,
        id: row.id,
        transactionId: row.transaction_id,
        amount: Number(row.amount),
        currency: row.currency,
        created_at: row.created_at,
        expires_at: row.expires_at,
      };
      const result = await applyProviderReport(provider, subject, { step: 'provider_answer', believeUnknown: true, now });
      if (result !== 'pending' && result !== 'unasked') return countedAs(result);
      if (result === 'pending' && !isExpired(row, now)) {
        await scheduleNextCheck(db, 'collections', row.id, leaseUntil, nextCheckAt(row, now, pollAfterMs, 'payment'));
        return 'checked';
      }
    }
    const expired: PaymentOutcome = { status: 'failed', message: PAYMENT_MESSAGES.expired, lateCheckAt: firstLateCheck(now) };
    return (await settlePayment(row.id, expired)) ? 'expired' : null;
  };

  /**
   * A payout: the simulator's decision when due, or the simulator's payout returned at its expiry. A live one never
   * handed over is handed over, at any age (decision 041: its money is held; a refusal returns it). A live one's
   * provider is asked and its report applied (a failure returns the money); one it still reports pending stays held,
   * past its expiry too, and is asked again: money is returned only when the provider says it did not pay it, or has
   * had no record of it until it is a day old (UNKNOWN_FINAL_MS, decision 040).
   */
  const applyPayout = async (row: ClaimedPayout, now: Date, leaseUntil: Date): Promise<Applied> => {
    const simulated = simulatedOutcome(row, now);
    if (simulated) {
      const outcome: TransferOutcome =
        simulated === 'successful' ? { paid: true } : { paid: false, reason: WALLET_MESSAGES.simulatedPayoutFailure };
      return (await reportDisbursement(row.id, outcome)) ? 'settled' : null;
    }
    if (awaitsHandOver(row)) {
      const applied = handedOver(await handOverPayout(row.id, now));
      if (applied) return applied;
    }
    if (row.provider && row.provider !== 'simulator') {
      const provider = liveProvider(row);
      const subject = {
        kind: 'payout' as const,
        id: row.id,
        amount: Number(row.amount),
        currency: row.currency,
        created_at: row.created_at,
        expires_at: row.expires_at,
      };
      const result = provider
        ? await applyProviderReport(provider, subject, { step: 'provider_answer', believeUnknown: true, now })
        : 'unasked';
      if (result !== 'pending' && result !== 'unasked') return countedAs(result);
      if (isExpired(row, now)) {
        logger.warn(
          { transferId: row.id, provider: row.provider },
          'a live payout is still pending past its expiry; its money stays held',
        );
      }
      await scheduleNextCheck(db, 'transfers', row.id, leaseUntil, nextCheckAt(row, now, pollAfterMs, 'payout'));
      return 'checked';
    }
    return (await reportDisbursement(row.id, { paid: false, reason: WALLET_MESSAGES.payoutExpired })) ? 'expired' : null;
  };

  /**
   * A late check (decision 033): a live payment failed here without its provider's word (expired while pending, or
   * cancelled by the payer) is asked about again, in case the payer approved it after all and the callback was lost.
   * A success goes through settle, which does not apply it (the payment stays failed and the merchant is not credited)
   * and logs it at error for the operator to refund the payer; still pending or unknown to the provider, it is asked
   * again later, for a day at most; another amount or currency holds it; anything else ends its checks. Answers what
   * the check found and when the payment is next asked about (null: never again).
   */
  const checkLate = async (row: LateCheck, now: Date) => {
    const found = { checked: false, lateSuccess: false, mismatched: false, next: null as Date | null };
    const provider = providers.named(row.provider);
    const asked = provider
      ? ask(provider, {
          kind: 'payment',
          id: row.id,
          transactionId: row.transaction_id,
          amount: Number(row.amount),
          currency: row.currency,
          created_at: row.created_at,
          expires_at: row.expires_at,
        })
      : null;
    if (!provider || !asked) {
      logger.error({ provider: row.provider, collectionId: row.id }, 'a late check names a provider that is not configured');
      return found;
    }
    const report = await asked;
    found.checked = true;
    await recordStep(row.id, 'provider_answer', report);
    // Unknown is asked about again too: MTN may answer 404 for a while after its 202 (decision 040).
    if (report.status === 'pending' || report.status === 'unknown') found.next = nextLateCheck(row.created_at, now);
    if (report.status === 'mismatch' && (await hold('collections', row.id, provider.name, report))) {
      found.mismatched = true;
    }
    const outcome = report.status === 'successful' ? paymentOutcomeOf(report, row, now) : null;
    if (outcome) {
      found.lateSuccess = true;
      await settlePayment(row.id, outcome);
    }
    return found;
  };

  return { applyPayment, applyPayout, checkLate };
}
