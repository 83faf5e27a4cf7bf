// Apart from payments.ts, whose module the payer's page shares with the dashboard: the pay page loads none of this.
import type { CollectionStatus } from './payments.ts';

/**
 * What the dashboard shows of a payment (decision 057): its status, or, once refunds (pending or successful) take a
 * part or all of a successful payment, 'partly_refunded' or 'refunded'. Derived from `amount_refunded`, never stored:
 * `status` stays 'successful' in the data, in /v1 and in webhook bodies.
 */
export const PAYMENT_STATES = ['pending', 'successful', 'failed', 'partly_refunded', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  pending: 'Pending',
  successful: 'Successful',
  failed: 'Failed',
  partly_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

export function paymentState(payment: { status: CollectionStatus; amount: number; amount_refunded: number }): PaymentState {
  if (payment.status !== 'successful' || payment.amount_refunded <= 0) return payment.status;
  return payment.amount_refunded >= payment.amount ? 'refunded' : 'partly_refunded';
}
