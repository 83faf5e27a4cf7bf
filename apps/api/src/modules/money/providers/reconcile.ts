import { PAYMENT_MESSAGES, PAYOUT_FAILURES } from '@sente/contracts/payments';
import type { PaymentOutcome, TransferOutcome } from '../outcomes.ts';
import type { ProviderReport } from './provider.ts';

/** A live row still pending is asked about at least this often (issue 15, decision 032). */
export const POLL_CAP_MS = 15 * 60_000;

/**
 * The payment outcome a provider's report means, applied through settle; null while the provider says pending. A
 * payment the provider has no record of never reached it: nothing was taken, so it fails.
 */
export function paymentOutcomeOf(report: ProviderReport): PaymentOutcome | null {
  switch (report.status) {
    case 'pending':
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
      return { status: 'failed', message: PAYMENT_MESSAGES.providerLost };
  }
}

/**
 * The payout outcome a provider's report means, applied through the wallet's completion (a failure returns the held
 * money); null while pending. Only a provider's own failure or its having no record returns the money: a payout it may
 * still make is never returned, or the wallet would be paid twice.
 */
export function payoutOutcomeOf(report: ProviderReport): TransferOutcome | null {
  switch (report.status) {
    case 'pending':
      return null;
    case 'successful':
      return { paid: true };
    case 'failed':
      return { paid: false, reason: report.message };
    case 'unknown':
      return { paid: false, reason: PAYOUT_FAILURES.lost };
  }
}

/**
 * When a live row the provider still reports pending is asked about next: half its age later, never sooner than
 * PROVIDER_POLL_AFTER_SECONDS (so at about 30, 60, 90, 135, 202 s for 30), at most every 15 minutes; a payment not
 * after its expiry, its last ask.
 */
export function nextCheckAt(
  row: { created_at: Date | string; expires_at: Date | string | null },
  now: Date,
  pollAfterMs: number,
  kind: 'payment' | 'payout',
): Date {
  const age = now.getTime() - new Date(row.created_at).getTime();
  const next = now.getTime() + Math.min(POLL_CAP_MS, Math.max(pollAfterMs, age / 2));
  const expiry = row.expires_at ? new Date(row.expires_at).getTime() : Number.POSITIVE_INFINITY;
  return new Date(kind === 'payment' && now.getTime() < expiry ? Math.min(next, expiry) : next);
}

/** A live payment failed here without its provider's word (decision 033) is first asked about again this long after. */
export const LATE_CHECK_FIRST_MS = 5 * 60_000;
/** Nor is one asked about once it is this old: an approval a day late is not looked for. */
export const LATE_CHECK_UNTIL_MS = 24 * 60 * 60_000;

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
