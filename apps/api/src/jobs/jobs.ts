import { PAYMENT_MESSAGES } from '@sente/contracts/payments';
import { WALLET_MESSAGES } from '@sente/contracts/wallet';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/database.ts';
import { BACKOFF, backoffMs } from '../lib/backoff.ts';
import type { HandOverResult } from '../lib/hand-over.ts';
import { recordCollectionEvent, reportDetail } from '../modules/collections/events.ts';
import type { PaymentOutcome, TransferOutcome } from '../modules/money/outcomes.ts';
import { holdMismatch } from '../modules/money/providers/mismatches.ts';
import type { ProviderRegistry, ProviderReport } from '../modules/money/providers/provider.ts';
import {
  firstLateCheck,
  nextCheckAt,
  nextLateCheck,
  paymentOutcomeOf,
  payoutOutcomeOf,
} from '../modules/money/providers/reconcile.ts';
import { type ClaimTime, type DueWork, drainDue } from './due-work.ts';
import {
  type ClaimedPayment,
  type ClaimedPayout,
  claimDuePayments,
  claimDuePayouts,
  claimLateChecks,
  deferClaimed,
  type LateCheck,
  purgeSpentPinTokens,
  scheduleLateCheck,
  scheduleNextCheck,
} from './jobs-repository.ts';

/** Rows a claim takes at once; a pass claims batch after batch while they come full. */
export const CLAIM_BATCH_SIZE = 100;
/** How long a claim keeps other workers off its rows: far longer than applying a batch takes. */
export const CLAIM_LEASE_MS = 2 * 60_000;
/** PIN tokens are kept this long after they were used or expired, then purged, this many per pass. */
export const PIN_TOKEN_KEPT_MS = 24 * 60 * 60_000;
export const PIN_TOKEN_PURGE_BATCH_SIZE = 1_000;

export type JobsDeps = {
  db: Kysely<Database>;
  /** Applies a payment's outcome exactly once (payments' settle); truthy when this call applied it. */
  settlePayment: (id: string, outcome: PaymentOutcome) => Promise<unknown>;
  /** Applies a payout's outcome exactly once (the wallet's reportPayout); truthy when this call applied it. */
  reportPayout: (id: string, outcome: TransferOutcome) => Promise<unknown>;
  /**
   * Hands a claimed live payment its request never handed over to its provider (decision 041), before its expiry: the
   * payments service's handOver.
   */
  handOverPayment: (id: string, now: Date) => Promise<HandOverResult>;
  /** Hands a claimed live payout its request never handed over to its provider, at any age: the wallet's. */
  handOverPayout: (id: string, now: Date) => Promise<HandOverResult>;
  /** The providers a row names: a live one is asked for the row's status (issue 15, the reconciler). */
  providers: ProviderRegistry;
  /** A live row is first asked about this long after its provider accepted it (PROVIDER_POLL_AFTER_SECONDS). */
  pollAfterMs: number;
  logger: Logger;
  batchSize?: number;
  pinTokenBatchSize?: number;
};

/** `now`: the pass's clock (the present by default; the demo seeder and tests pass a later one). */
export type PassOptions = { now?: Date; signal?: AbortSignal };

/**
 * What one pass did: outcomes applied (simulated or reported by a live provider, and expiries), live rows asked about
 * and still pending (`checked`), rows whose apply failed, late checks of failed live payments (the successes among
 * them logged, never applied), PIN tokens purged.
 */
export type PassResult = {
  payments: Tally;
  payouts: Tally;
  lateChecks: { checked: number; lateSuccesses: number; failed: number; mismatched: number };
  pinTokens: { purged: number };
};

/**
 * `handedOver`: live rows whose request died before handing them to the provider, handed over by this pass;
 * `mismatched`: rows whose provider reported another amount or currency, held for the operator (decision 040).
 */
type Tally = { settled: number; expired: number; checked: number; failed: number; handedOver: number; mismatched: number };
type Applied = 'settled' | 'expired' | 'checked' | 'handedOver' | 'mismatched' | null;

/**
 * The due work of the background worker (decision 029): test payments and payouts whose simulated outcome is due,
 * live ones whose provider is to be asked for their status (the reconciler, decision 032), pending ones past their
 * expiry, and PIN tokens spent more than a day ago. Rows are claimed with FOR UPDATE SKIP
 * LOCKED and leased, so any number of processes share them without doing a row twice or waiting on each other's
 * locks; each row is applied on its own, and one whose apply throws is logged, retried later with backoff and never
 * holds up the others.
 */
export function createJobs({
  db,
  settlePayment,
  reportPayout,
  handOverPayment,
  handOverPayout,
  providers,
  pollAfterMs,
  logger,
  ...sizes
}: JobsDeps) {
  const batchSize = sizes.batchSize ?? CLAIM_BATCH_SIZE;
  const pinTokenBatchSize = sizes.pinTokenBatchSize ?? PIN_TOKEN_PURGE_BATCH_SIZE;
  /** The simulator's outcome when it is due at `now`; null when the row was claimed for its expiry. */
  const simulatedOutcome = (row: ClaimedPayment | ClaimedPayout, now: Date) =>
    row.settle_at !== null && new Date(row.settle_at).getTime() <= now.getTime() ? row.simulated_outcome : null;

  /** When a row whose apply failed is tried again: the worker's backoff after its attempts so far and this one. */
  const retryAt = (row: ClaimedPayment | ClaimedPayout, { now }: ClaimTime) =>
    new Date(now.getTime() + backoffMs(BACKOFF.workerRetry, row.worker_attempts + 1));

  /**
   * A job over due payments or payouts: each claimed row's outcome applied and counted; a row whose apply throws counts
   * as failed and is deferred with the worker's backoff.
   */
  function rowJob<Row extends ClaimedPayment | ClaimedPayout>(
    job: {
      table: 'collections' | 'transfers';
      what: string;
      idField: string;
      claim: (now: Date, limit: number, leaseUntil: Date) => Promise<Row[]>;
      apply: (row: Row, now: Date, leaseUntil: Date) => Promise<Applied>;
    },
    tally: Tally,
  ): DueWork<Row> {
    return {
      what: job.what,
      idField: job.idField,
      batchSize,
      leaseMs: CLAIM_LEASE_MS,
      claim: (limit, { now, leaseUntil }) => job.claim(now, limit, leaseUntil),
      apply: async (row, { now, leaseUntil }) => {
        const applied = await job.apply(row, now, leaseUntil);
        if (applied) tally[applied] += 1;
      },
      retry: (row, time) => {
        tally.failed += 1;
        return deferClaimed(db, job.table, row.id, time.leaseUntil, retryAt(row, time));
      },
      failureLog: (row, time) => ({ attempts: row.worker_attempts + 1, retryAt: retryAt(row, time) }),
    };
  }

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
   * A provider's final answer whose amount or currency is not ours (decision 040): never applied; the row is held for
   * the operator (`providers:mismatches`), logged at error, and the claims pass it over from now on.
   */
  const hold = async (
    table: 'collections' | 'transfers',
    id: string,
    provider: string | null,
    report: Extract<ProviderReport, { status: 'mismatch' }>,
  ): Promise<Applied> => {
    const held = await holdMismatch(db, table, id, `${report.reported}: ${report.detail}`);
    logger.error(
      {
        [table === 'collections' ? 'collectionId' : 'transferId']: id,
        provider,
        reported: report.reported,
        mismatch: report.detail,
      },
      'a provider reported an amount or currency not ours; not applied, held for the operator',
    );
    return held ? 'mismatched' : null;
  };

  /**
   * A payment: the simulator's decision when due; a live one never handed over is handed over before its expiry
   * (decision 041); a live one's provider asked for its status (the reconciler: a lost callback changes nothing) and its report applied, or it is asked again later (also while the provider has no record
   * of it, decision 040, until its expiry fails it as lost); at its expiry, one that is still pending, or whose provider
   * cannot be asked, fails as not approved in time. A report with another amount or currency holds it (`hold`).
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
    if (provider?.paymentStatus) {
      const report = await provider.paymentStatus({
        collectionId: row.id,
        transactionId: row.transaction_id,
        amount: Number(row.amount),
        currency: row.currency,
      });
      await recordCollectionEvent(db, { collectionId: row.id, kind: 'provider_answer', ...reportDetail(report) });
      if (report.status === 'mismatch') return hold('collections', row.id, row.provider, report);
      const outcome = paymentOutcomeOf(report, row, now);
      if (outcome) return (await settlePayment(row.id, outcome)) ? 'settled' : null;
      if (!isExpired(row, now)) {
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
      return (await reportPayout(row.id, outcome)) ? 'settled' : null;
    }
    if (awaitsHandOver(row)) {
      const applied = handedOver(await handOverPayout(row.id, now));
      if (applied) return applied;
    }
    if (row.provider && row.provider !== 'simulator') {
      const provider = liveProvider(row);
      const report = provider?.payoutStatus
        ? await provider.payoutStatus({ transferId: row.id, amount: Number(row.amount), currency: row.currency })
        : null;
      if (report?.status === 'mismatch') return hold('transfers', row.id, row.provider, report);
      const outcome = report ? payoutOutcomeOf(report, row, now) : null;
      if (outcome) return (await reportPayout(row.id, outcome)) ? 'settled' : null;
      if (isExpired(row, now)) {
        logger.warn(
          { transferId: row.id, provider: row.provider },
          'a live payout is still pending past its expiry; its money stays held',
        );
      }
      await scheduleNextCheck(db, 'transfers', row.id, leaseUntil, nextCheckAt(row, now, pollAfterMs, 'payout'));
      return 'checked';
    }
    return (await reportPayout(row.id, { paid: false, reason: WALLET_MESSAGES.payoutExpired })) ? 'expired' : null;
  };

  const settlePayments = (options: PassOptions, tally: Tally) =>
    drainDue(
      rowJob(
        {
          table: 'collections',
          what: 'payment settlement',
          idField: 'collectionId',
          claim: (now, limit, leaseUntil) => claimDuePayments(db, now, limit, leaseUntil),
          apply: applyPayment,
        },
        tally,
      ),
      logger,
      options,
    );

  const settlePayouts = (options: PassOptions, tally: Tally) =>
    drainDue(
      rowJob(
        {
          table: 'transfers',
          what: 'payout report',
          idField: 'transferId',
          claim: (now, limit, leaseUntil) => claimDuePayouts(db, now, limit, leaseUntil),
          apply: applyPayout,
        },
        tally,
      ),
      logger,
      options,
    );

  /**
   * Late checks (decision 033): a live payment failed here without its provider's word (expired while pending, or
   * cancelled by the payer) is asked about again, in case the payer approved it after all and the callback was lost.
   * A success goes through settle, which does not apply it (the payment stays failed and the merchant is not credited)
   * and logs it at error for the operator to refund the payer; still pending or unknown to the provider, it is asked
   * again later, for a day at most; another amount or currency holds it; anything else ends its checks. A check that fails is logged and tried again on the same schedule.
   */
  const lateChecks = (options: PassOptions, tally: PassResult['lateChecks']) =>
    drainDue<LateCheck>(
      {
        what: 'late check',
        idField: 'collectionId',
        batchSize,
        leaseMs: CLAIM_LEASE_MS,
        claim: (limit, { now, leaseUntil }) => claimLateChecks(db, now, limit, leaseUntil),
        apply: async (row, { now, leaseUntil }) => {
          let next: Date | null = null;
          const provider = providers.named(row.provider);
          if (provider?.paymentStatus) {
            const report = await provider.paymentStatus({
              collectionId: row.id,
              transactionId: row.transaction_id,
              amount: Number(row.amount),
              currency: row.currency,
            });
            tally.checked += 1;
            await recordCollectionEvent(db, { collectionId: row.id, kind: 'provider_answer', ...reportDetail(report) });
            // Unknown is asked about again too: MTN may answer 404 for a while after its 202 (decision 040).
            if (report.status === 'pending' || report.status === 'unknown') next = nextLateCheck(row.created_at, now);
            if (report.status === 'mismatch' && (await hold('collections', row.id, row.provider, report))) {
              tally.mismatched += 1;
            }
            const outcome = report.status === 'successful' ? paymentOutcomeOf(report, row, now) : null;
            if (outcome) {
              tally.lateSuccesses += 1;
              await settlePayment(row.id, outcome);
            }
          } else {
            logger.error(
              { provider: row.provider, collectionId: row.id },
              'a late check names a provider that is not configured',
            );
          }
          await scheduleLateCheck(db, row.id, leaseUntil, next);
        },
        retry: (row, { now, leaseUntil }) => {
          tally.failed += 1;
          return scheduleLateCheck(db, row.id, leaseUntil, nextLateCheck(row.created_at, now));
        },
      },
      logger,
      options,
    );

  /** Runs one kind of job; a failure of the whole step (the database unreachable) is logged and the next step runs. */
  async function step(name: string, work: () => Promise<unknown>) {
    try {
      await work();
    } catch (error) {
      logger.error({ err: error }, `worker step ${name} failed`);
    }
  }

  return {
    /**
     * One pass over every due row job: payments, then payouts, then late checks, then one batch of spent PIN tokens.
     * A pass stops claiming when `signal` says the server is stopping (the batch in hand is applied first).
     */
    async runDue(options: PassOptions = {}): Promise<PassResult> {
      const result: PassResult = {
        payments: { settled: 0, expired: 0, checked: 0, failed: 0, handedOver: 0, mismatched: 0 },
        payouts: { settled: 0, expired: 0, checked: 0, failed: 0, handedOver: 0, mismatched: 0 },
        lateChecks: { checked: 0, lateSuccesses: 0, failed: 0, mismatched: 0 },
        pinTokens: { purged: 0 },
      };
      await step('payments', () => settlePayments(options, result.payments));
      await step('payouts', () => settlePayouts(options, result.payouts));
      await step('late checks', () => lateChecks(options, result.lateChecks));
      await step('pin tokens', async () => {
        if (options.signal?.aborted) return;
        const before = new Date((options.now ?? new Date()).getTime() - PIN_TOKEN_KEPT_MS);
        result.pinTokens.purged = await purgeSpentPinTokens(db, before, pinTokenBatchSize);
      });
      return result;
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
