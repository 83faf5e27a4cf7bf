import type { CollectionRow } from '@sente/contracts/payments';

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
  extra_data: [],
  link: { ref: 'fees01', kind: 'payment_link', title: 'Term fees' },
  ...overrides,
});
