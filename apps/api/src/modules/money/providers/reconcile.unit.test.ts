import { PAYMENT_MESSAGES, PAYOUT_FAILURES } from '@sente/contracts/payments';
import { describe, expect, it } from 'vitest';
import { mismatchOf } from './provider.ts';
import { LATE_CHECK_FIRST_MS, paymentOutcomeOf, payoutOutcomeOf, UNKNOWN_FINAL_MS } from './reconcile.ts';

const created = new Date('2026-11-27T08:00:00.000Z');
const at = (ms: number) => new Date(created.getTime() + ms);
const payment = { created_at: created, expires_at: at(600_000) };
const payout = { created_at: created, expires_at: at(600_000) };

describe('decision 040: a provider with no record of a row is not final at once', () => {
  it('a payment: asked again until its expiry, then lost, with a late check', () => {
    expect(paymentOutcomeOf({ status: 'unknown' }, payment, at(31_000))).toBeNull();
    expect(paymentOutcomeOf({ status: 'unknown' }, payment, at(599_999))).toBeNull();
    expect(paymentOutcomeOf({ status: 'unknown' }, payment, at(600_000))).toEqual({
      status: 'failed',
      message: PAYMENT_MESSAGES.providerLost,
      lateCheckAt: at(600_000 + LATE_CHECK_FIRST_MS),
    });
  });

  it('a payout: held, past its expiry too, until it is a day old, then returned as lost', () => {
    expect(payoutOutcomeOf({ status: 'unknown' }, payout, at(31_000))).toBeNull();
    expect(payoutOutcomeOf({ status: 'unknown' }, payout, at(UNKNOWN_FINAL_MS - 1))).toBeNull();
    expect(payoutOutcomeOf({ status: 'unknown' }, payout, at(UNKNOWN_FINAL_MS))).toEqual({
      paid: false,
      reason: PAYOUT_FAILURES.lost,
    });
  });
});

describe('decision 040: a mismatch is never an outcome', () => {
  const mismatch = { status: 'mismatch', reported: 'successful', detail: 'x' } as const;

  it('neither a payment nor a payout outcome, at any age', () => {
    expect(paymentOutcomeOf(mismatch, payment, at(UNKNOWN_FINAL_MS * 2))).toBeNull();
    expect(payoutOutcomeOf(mismatch, payout, at(UNKNOWN_FINAL_MS * 2))).toBeNull();
  });

  it('mismatchOf names what differs, compares currencies whatever their case, and skips what is not reported', () => {
    expect(mismatchOf({ amount: 5000, currency: 'UGX' }, { amount: 5000, currency: 'ugx' })).toBeNull();
    expect(mismatchOf({ amount: 5000, currency: 'UGX' }, {})).toBeNull();
    expect(mismatchOf({ amount: 5000, currency: 'UGX' }, { amount: 500 })).toBe(
      'the provider reports amount 500 where ours is 5000',
    );
    expect(mismatchOf({ amount: 5000, currency: 'UGX' }, { amount: 50, currency: 'EUR' })).toBe(
      'the provider reports amount 50 where ours is 5000 and currency EUR where ours is UGX',
    );
  });
});
