import { systemActor } from '../lib/actor.ts';
import { BACKOFF, backoffMs } from '../lib/backoff.ts';
import { type ClaimTime, type DueWork, drainDue } from '../lib/due-work.ts';
import { runAs } from '../lib/request-context.ts';
import type { AlertsPassResult } from '../modules/alerts/work.ts';
import { nextLateCheck } from '../modules/money/providers/reconcile.ts';
import { type Applied, createDueRules, type DueRulesDeps } from './due-rules.ts';
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
} from './jobs-repository.ts';

/** Rows a claim takes at once; a pass claims batch after batch while they come full. */
export const CLAIM_BATCH_SIZE = 100;
/** How long a claim keeps other workers off its rows: far longer than applying a batch takes. */
export const CLAIM_LEASE_MS = 2 * 60_000;
/** PIN tokens are kept this long after they were used or expired, then purged, this many per pass. */
export const PIN_TOKEN_KEPT_MS = 24 * 60 * 60_000;
export const PIN_TOKEN_PURGE_BATCH_SIZE = 1_000;

export type JobsDeps = DueRulesDeps & {
  /** Payout batches (decision 066): due name checks and row payouts. */
  batches?: { runDue(options: PassOptions): Promise<PassResult['batches']> };
  /**
   * Movements and batches awaiting a second member (decision 071): those unanswered for 72 hours expire, and a movement
   * declined or withdrawn whose money did not go back is returned.
   */
  approvals?: { expireDue(now?: Date): Promise<{ returned: number; batches: number }> };
  /** The outbox of domain events (decision 082): rows their emitting process did not run (it died, or it failed). */
  events?: { runDue(options: PassOptions): Promise<number> };
  /** Merchant alerts: the day's summaries queued, then the due alerts sent by e-mail and SMS. */
  alerts?: { runDue(options: PassOptions): Promise<AlertsPassResult> };
  /** SMS gateways: texts the first route did not report delivered in time, sent again through the fallback. */
  sms?: { resendDue(now?: Date): Promise<number> };
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
  batches: { expired: number; names: { done: number; failed: number }; payouts: { done: number; failed: number } };
  approvals: { returned: number };
  alerts: AlertsPassResult;
  sms: { resent: number };
  events: { ran: number };
};

/**
 * `handedOver`: live rows whose request died before handing them to the provider, handed over by this pass;
 * `mismatched`: rows whose provider reported another amount or currency, held for the operator (decision 040).
 */
type Tally = { settled: number; expired: number; checked: number; failed: number; handedOver: number; mismatched: number };

/**
 * The due work of the background worker (decision 029): test payments and payouts whose simulated outcome is due,
 * live ones whose provider is to be asked for their status (the reconciler, decision 032), pending ones past their
 * expiry, and PIN tokens spent more than a day ago. Rows are claimed with FOR UPDATE SKIP
 * LOCKED and leased, so any number of processes share them without doing a row twice or waiting on each other's
 * locks; each row is applied on its own, and one whose apply throws is logged, retried later with backoff and never
 * holds up the others.
 */
export function createJobs({
  batchSize: batch,
  pinTokenBatchSize: pinTokenBatch,
  batches,
  approvals,
  alerts,
  sms,
  events,
  ...deps
}: JobsDeps) {
  const { db, logger } = deps;
  const batchSize = batch ?? CLAIM_BATCH_SIZE;
  const pinTokenBatchSize = pinTokenBatch ?? PIN_TOKEN_PURGE_BATCH_SIZE;
  const { applyPayment, applyPayout, checkLate } = createDueRules(deps);

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

  /** Late checks (decision 033, due-rules.ts `checkLate`): a check that fails is logged and tried again on the same schedule. */
  const lateChecks = (options: PassOptions, tally: PassResult['lateChecks']) =>
    drainDue<LateCheck>(
      {
        what: 'late check',
        idField: 'collectionId',
        batchSize,
        leaseMs: CLAIM_LEASE_MS,
        claim: (limit, { now, leaseUntil }) => claimLateChecks(db, now, limit, leaseUntil),
        apply: async (row, { now, leaseUntil }) => {
          const found = await checkLate(row, now);
          if (found.checked) tally.checked += 1;
          if (found.mismatched) tally.mismatched += 1;
          if (found.lateSuccess) tally.lateSuccesses += 1;
          await scheduleLateCheck(db, row.id, leaseUntil, found.next);
        },
        retry: (row, { now, leaseUntil }) => {
          tally.failed += 1;
          return scheduleLateCheck(db, row.id, leaseUntil, nextLateCheck(row.created_at, now));
        },
      },
      logger,
      options,
    );

  /**
   * Runs one kind of job as the system actor named by it; a failure of the whole step (the database unreachable) is
   * logged and the next step runs.
   */
  async function step(name: string, work: () => Promise<unknown>) {
    try {
      await runAs(systemActor(name), work);
    } catch (error) {
      logger.error({ err: error }, `worker step ${name} failed`);
    }
  }

  return {
    /**
     * One pass over every due row job: payments, then payouts, then late checks, payout batches, approvals, the outbox
     * of domain events, alerts and overdue texts (each when wired), then one batch of spent PIN tokens.
     * A pass stops claiming when `signal` says the server is stopping (the batch in hand is applied first).
     */
    async runDue(options: PassOptions = {}): Promise<PassResult> {
      const result: PassResult = {
        payments: { settled: 0, expired: 0, checked: 0, failed: 0, handedOver: 0, mismatched: 0 },
        payouts: { settled: 0, expired: 0, checked: 0, failed: 0, handedOver: 0, mismatched: 0 },
        lateChecks: { checked: 0, lateSuccesses: 0, failed: 0, mismatched: 0 },
        pinTokens: { purged: 0 },
        batches: { expired: 0, names: { done: 0, failed: 0 }, payouts: { done: 0, failed: 0 } },
        approvals: { returned: 0 },
        alerts: { summaries: 0, sent: 0, failed: 0 },
        sms: { resent: 0 },
        events: { ran: 0 },
      };
      await step('payments', () => settlePayments(options, result.payments));
      await step('payouts', () => settlePayouts(options, result.payouts));
      await step('late checks', () => lateChecks(options, result.lateChecks));
      if (batches) await step('payout batches', async () => (result.batches = await batches.runDue(options)));
      if (approvals) {
        await step('approvals', async () => {
          const expired = await approvals.expireDue(options.now);
          result.approvals.returned = expired.returned;
          result.batches.expired = expired.batches;
        });
      }
      // By the present, whatever the pass's clock: a later one would take rows their emitting process still holds.
      if (events) await step('domain events', async () => (result.events.ran = await events.runDue({ signal: options.signal })));
      if (alerts) await step('alerts', async () => (result.alerts = await alerts.runDue(options)));
      if (sms) await step('sms', async () => (result.sms.resent = await sms.resendDue(options.now)));
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
