// Apart from payments.ts, whose module the payer's page shares with the dashboard: the pay page loads none of this.
import type { CollectionStatus } from './payments.ts';

/**
 * What the dashboard shows of a payment (decisions 057 and 073): its status, or, once a refund of a successful payment
 * is made, 'refund_pending' while one is not paid yet (awaiting approval, or sent and not yet confirmed), then
 * 'partly_refunded' or 'refunded' by what the paid ones cover. Derived from `amount_refund_pending` and
 * `amount_refunded`, never stored: `status` stays 'successful' in the data, in /v1 and in webhook bodies.
 */
export const PAYMENT_STATES = ['pending', 'successful', 'failed', 'refund_pending', 'partly_refunded', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  pending: 'Pending',
  successful: 'Successful',
  failed: 'Failed',
  refund_pending: 'Refund pending',
  partly_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

export function paymentState(payment: {
  status: CollectionStatus;
  amount: number;
  amount_refunded: number;
  amount_refund_pending: number;
}): PaymentState {
  if (payment.status !== 'successful') return payment.status;
  if (payment.amount_refund_pending > 0) return 'refund_pending';
  if (payment.amount_refunded <= 0) return payment.status;
  return payment.amount_refunded >= payment.amount ? 'refunded' : 'partly_refunded';
}
