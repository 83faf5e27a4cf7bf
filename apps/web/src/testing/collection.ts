import type { CollectionRow } from '@sente/contracts/payments';
import type { CollectionDetail } from '@sente/contracts/payments-answers';
import { REFUND_MESSAGES } from '@sente/contracts/refunds';

/** A successful MTN payment of UGX 20,000 to the 'Term fees' link, as GET /api/collections lists it; tests change what they need. */
export const collectionRow = (overrides: Partial<CollectionRow> = {}): CollectionRow => ({
  id: 'c0ffee00-0000-4000-8000-000000000001',
  created_at: '2026-03-02T09:30:00.000Z',
  msisdn: '256772123456',
  customer: { names: 'Akello Grace' },
  currency: 'UGX',
  amount: 20_000,
  fee: 600,
  collection_channel: 'MTN_UG',
  transaction_id: 'TX-1001',
  status: 'successful',
  amount_refunded: 0,
  amount_refund_pending: 0,
  extra_data: [],
  link: { ref: 'fees01', kind: 'payment_link', title: 'Term fees' },
  ...overrides,
});

/**
 * The payment as GET /api/collections/{id} answers it, from the row: its net, nothing more
 * known of it, and no refund yet (all of a successful payment can be refunded, none of another); tests change the rest.
 */
export const collectionDetail = (overrides: Partial<CollectionDetail> = {}): CollectionDetail => {
  const row = collectionRow(overrides);
  const successful = row.status === 'successful';
  return {
    ...row,
    net: row.amount - row.fee,
    payer_email: null,
    provider_reference: null,
    status_message: null,
    reference: null,
    completed_at: null,
    timeline: [{ at: row.created_at, kind: 'created', detail: null, ok: null }],
    can_resend_receipt: false,
    receipt_url: null,
    refundable: successful ? row.amount : 0,
    refund_blocked: successful ? null : REFUND_MESSAGES.notSuccessful,
    refunds: [],
    ...overrides,
  };
};
