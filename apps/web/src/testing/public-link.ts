import type { PublicLink } from '@sente/contracts/payments';

/** A payment link as the public API answers it, for the pay page's tests; each test overrides what it is about. */
export const publicLink = (overrides: Partial<PublicLink> = {}): PublicLink => ({
  kind: 'payment_link',
  ref: 'fees1',
  environment: 'test',
  title: 'School fees',
  description: null,
  amount: 25_000,
  fixed_amount: true,
  original_price: null,
  category: null,
  type: 'public',
  beneficiary: null,
  image_url: null,
  extra_fields: [],
  merchant: { name: 'Kampala Parents School', logo_url: null },
  raised: null,
  target: null,
  disabled: false,
  attachments: [],
  ...overrides,
});
