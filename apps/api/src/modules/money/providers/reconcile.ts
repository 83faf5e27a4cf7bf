import { PAYMENT_MESSAGES, PAYOUT_FAILURES } from '@sente/contracts/payments';
import type { PaymentOutcome, TransferOutcome } from '../outcomes.ts';
import type { ProviderReport } from './provider.ts';

/** A live row still pending is asked about at least this often (decision 032). */
const POLL_CAP_MS = 15 * 60_000;

/** A pending row as the outcome functions see it: its age, and a payment's expiry. */
export type RowTimes = { created_at: Date | string; expires_at: Date | string | null };

/**
 * A payout the provider has no record of is returned only once it is this old (decision 040): MTN may answer 404 for a
 * while after its 202 for a transfer it then makes, so returning it sooner could pay the merchant twice.
 */
export const UNKNOWN_FINAL_MS = 24 * 60 * 60_000;

const isPast = (time: Date | string | null, now: Date) => time !== null && new Date(time).getTime() <= now.getTime();
const ageOf = (row: RowTimes, now: Date) => now.getTime() - new Date(row.created_at).getTime();

/**
 * The payment outcome a provider's report means at `now`, applied through settle; null while the provider says pending,
 * and for a mismatch (never applied, decision 040). A payment the provider has no record of is not failed at once: MTN
 * may answer 404 for a while after its 202 (decision 040). Still unknown at its expiry, it fails as lost, with late
 * checks (decision 033) in case the provider takes it after all.
 */
export function paymentOutcomeOf(report: ProviderReport, row: RowTimes, now: Date): PaymentOutcome | null {
  switch (report.status) {
    case 'pending':
    case 'mismatch':
      return null;
    case 'successful':
      return {
        status: 'successful',
        message: null,
        ...(report.providerReference ? { providerReference: report.providerReference } : {}),
      };
    case 'failed':
      return { status: 'failed', message: report.message };
    case 'unknown':
      return isPast(row.expires_at, now)
        ? { status: 'failed', message: PAYMENT_MESSAGES.providerLost, lateCheckAt: firstLateCheck(now) }
        : null;
  }
}

/**
 * The payout outcome a provider's report means at `now`, applied through the wallet's completion (a failure returns the
 * held money); null while pending, and for a mismatch. Only a provider's own failure, or its having no record of a
 * payout a day old (UNKNOWN_FINAL_MS), returns the money: a payout it may still make is never returned, or the wallet
 * would be paid twice.
 */
export function payoutOutcomeOf(report: ProviderReport, row: RowTimes, now: Date): TransferOutcome | null {
  switch (report.status) {
    case 'pending':
    case 'mismatch':
      return null;
    case 'successful':
      return { paid: true };
    case 'failed':
      return { paid: false, reason: report.message };
    case 'unknown':
      return ageOf(row, now) >= UNKNOWN_FINAL_MS ? { paid: false, reason: PAYOUT_FAILURES.lost } : null;
  }
}

/**
 * When a live row the provider still reports pending is asked about next: half its age later, never sooner than
 * PROVIDER_POLL_AFTER_SECONDS (so at about 30, 60, 90, 135, 202 s for 30), at most every 15 minutes; a payment not
 * after its expiry, its last ask.
 */
export function nextCheckAt(row: RowTimes, now: Date, pollAfterMs: number, kind: 'payment' | 'payout'): Date {
  const age = now.getTime() - new Date(row.created_at).getTime();
  const next = now.getTime() + Math.min(POLL_CAP_MS, Math.max(pollAfterMs, age / 2));
  const expiry = row.expires_at ? new Date(row.expires_at).getTime() : Number.POSITIVE_INFINITY;
  return new Date(kind === 'payment' && now.getTime() < expiry ? Math.min(next, expiry) : next);
}

/** A live payment failed here without its provider's word (decision 033) is first asked about again this long after. */
export const LATE_CHECK_FIRST_MS = 5 * 60_000;
/** Nor is one asked about once it is this old: an approval a day late is not looked for. */
const LATE_CHECK_UNTIL_MS = 24 * 60 * 60_000;

export const firstLateCheck = (now: Date) => new Date(now.getTime() + LATE_CHECK_FIRST_MS);

/**
 * When a failed live payment the provider still reports pending is asked about next: half its age later, never sooner
 * than LATE_CHECK_FIRST_MS (so about 10, 15, 22, 34 and 50 minutes after it started, then further apart); null when that
 * would be past LATE_CHECK_UNTIL_MS of its age, and it is asked no more.
 */
export function nextLateCheck(createdAt: Date | string, now: Date): Date | null {
  const created = new Date(createdAt).getTime();
  const next = now.getTime() + Math.max(LATE_CHECK_FIRST_MS, (now.getTime() - created) / 2);
  return next - created > LATE_CHECK_UNTIL_MS ? null : new Date(next);
}
