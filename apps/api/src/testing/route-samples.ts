import { randomUUID } from 'node:crypto';
import { DONATION_LINK, digitalItemWith, type OwnFiles, PAYMENT_LINK } from './links.ts';
import type { Merchant } from './payments.ts';
import { PIN } from './transfers.ts';

type Body = Record<string, unknown>;

/** Real values of the walking owner's records, so that a request gets past "not found" to where its input is used. */
export type RealRecords = {
  linkId: string;
  linkRef: string;
  itemId: string;
  itemRef: string;
  paymentId: string;
  file: string;
  /** A successful payment with much left to refund, and a refund of it. */
  paidId: string;
  refundId: string;
  /** A payout batch the owner's API key proposed. */
  batchId: string;
};

/** What the samples draw on: the walk's owner and another account, their records, and what is made on first use. */
export type SampleContext = {
  owner: Merchant;
  other: Merchant;
  real: RealRecords;
  files: OwnFiles;
  pinToken: () => Promise<{ pin_token: string }>;
  certificate: () => Promise<string>;
  codeNotSentTo: (email: string) => string;
};

/**
 * A valid body for each route that takes one, for route-walk-inputs.test.ts: the one thing the route table cannot
 * give that walk. A route without one is sent `{ name: 'value' }`, which its schema refuses before its handler runs.
 */
export const SAMPLE_BODIES: Record<string, (c: SampleContext) => Body | Promise<Body>> = {
  'POST /api/sign-up': () => ({
    firstname: 'Ada',
    lastname: 'Okello',
    email: `walk-${randomUUID()}@example.com`,
    password: 'Sente#2026pass',
  }),
  'POST /api/resend-account-verification-code': (c) => ({ email_or_phone: c.owner.email }),
  'POST /api/verify-account': (c) => ({ email_or_phone: c.owner.email, code: '123456' }),
  'POST /api/login': (c) => ({ emailOrPhone: c.owner.email, password: 'Wrong#pass1' }),
  'POST /api/login-otp': (c) => ({ emailOrPhone: c.owner.email, code: '123456' }),
  'POST /api/password-reset-code': () => ({ email_or_phone: `nobody-${randomUUID()}@example.com` }),
  'POST /api/change-password': (c) => ({ email_or_phone: c.owner.email, code: '123456', password: 'Another#Pass9' }),
  'POST /api/refresh-token': () => ({ refreshToken: 'not-a-token' }),
  'POST /api/user/update-profile': () => ({ firstname: 'Grace', lastname: 'Namutebi', phone: '0772123456' }),
  'POST /api/user/phone/send-code': () => ({}),
  'POST /api/user/phone/verify': () => ({ code: '123456' }),
  'POST /api/sente-account/create-account': () => ({ account_name: 'Walk shop' }),
  'POST /api/sente-account/switch-account': (c) => ({ sente_account_id: c.owner.accountId }),
  'POST /api/sente-account/update-logo': (c) => ({ logo: c.real.file }),
  'POST /api/keys/set-environment': () => ({ environment: 'test' }),
  'POST /api/payment-link/create': () => ({ ...PAYMENT_LINK }),
  'POST /api/payment-link/update/:id': () => ({ ...PAYMENT_LINK }),
  'POST /api/payment-link/enable_or_disable/:id': () => ({ is_disabled: false }),
  'POST /api/donation-link/create': (c) => ({ ...DONATION_LINK, image: c.files.image }),
  'POST /api/donation-link/update/:id': (c) => ({ ...DONATION_LINK, image: c.files.image }),
  'POST /api/donation-link/create_digital_item': (c) => digitalItemWith(c.files),
  'POST /api/donation-link/update_digital_item/:id': (c) => digitalItemWith(c.files),
  'POST /api/donation-link/hide_digital_item/:id': () => ({ shouldHide: false }),
  'POST /api/payment-link/shorten_url': () => ({ long_url: 'https://example.com/a' }),
  'POST /api/shorten_url': () => ({ long_url: 'https://example.com/a' }),
  'POST /api/public/links/:ref/pay': () => ({
    names: 'Okello John',
    channel: 'MTN_UG',
    phone: '0772123456',
    email: 'okello@example.com',
    amount: 1000,
    extra_data: [{ label: 'Class', value: 'P1' }],
  }),
  'POST /api/wallet/pin_exists': (c) => ({ sente_account_id: c.owner.accountId }),
  'POST /api/wallet/set_pin': (c) => ({ sente_account_id: c.owner.accountId, pin: '13579' }),
  'POST /api/wallet/verify_pin': (c) => ({ sente_account_id: c.owner.accountId, pin: PIN }),
  // The new PIN equals the old, so no spoiled body can change the owner's PIN (the walk spends PIN tokens).
  'POST /api/wallet/change_pin': (c) => ({
    sente_account_id: c.owner.accountId,
    old_pin: PIN,
    new_pin: PIN,
    new_pin_confirmation: PIN,
  }),
  'POST /api/wallet/pin_reset_code': (c) => ({ sente_account_id: c.owner.accountId }),
  'POST /api/wallet/reset_pin': (c) => ({
    sente_account_id: c.owner.accountId,
    code: c.codeNotSentTo(c.owner.email),
    new_pin: '13579',
    new_pin_confirmation: '13579',
  }),
  'POST /api/wallet/verify_sente_acc_number': () => ({ sente_account_number: '1234567890' }),
  'POST /api/wallet/user_with_sente': (c) => ({ sente_account_id: c.other.accountId }),
  'POST /api/wallet/mobile-money-name': () => ({ phone: '0772000011' }),
  'POST /api/wallet/get_account_number_if_exists': (c) => ({ sente_account_id: c.owner.accountId }),
  'POST /api/wallet-transfers/p2p': async (c) => ({
    recipientAccountId: c.other.accountId,
    amount: 1000,
    reason: 'Stock',
    ...(await c.pinToken()),
  }),
  'POST /api/settlements/create': async (c) => ({ amount: 1000, reason: 'Rent', ...(await c.pinToken()) }),
  'POST /api/yo/process_payout': async (c) => ({
    amount: 1000,
    account: '0772123456',
    narrative: 'Supplier',
    ...(await c.pinToken()),
  }),
  'POST /api/transfers/:id/decline': () => ({ reason: 'Not this month' }),
  'POST /api/payout-batches/:id/reject': () => ({ reason: 'Wrong amounts' }),
  'PUT /api/payout-batches/:id/rows/:rowId': () => ({
    phone: '0772456789',
    amount: '1000',
    name: 'Okello John',
    reference: 'R-1',
    narrative: 'Wages',
  }),
  'POST /api/collections/:id/refund': async (c) => ({ amount: 1000, reason: 'Wrong size', ...(await c.pinToken()) }),
  'POST /v1/refunds': (c) => ({ collection_id: c.real.paidId, amount: 1000, reason: 'Order 1001 cancelled' }),
  'POST /api/sente-account/update-bank-details': () => ({
    bank_name: 'Stanbic Bank Uganda',
    account_number: '9030012345678',
    account_name: 'Kampala Books Ltd',
  }),
  // Every cap off, so that the walk's own payouts and transfers are never refused by a rule it set.
  'POST /api/payout-rules': () => ({ per_payout_cap: '', daily_cap: 0, member_daily_cap: null, approval_threshold: 2_000_000 }),
  'POST /api/user/notifications': () => ({
    payment_received: true,
    payment_above: '50,000',
    daily_summary: true,
    payout_failed: false,
    refund_done: true,
    low_balance_below: null,
    by_email: true,
    by_sms: false,
    live: true,
    test: true,
  }),
  'POST /api/user/update-business-details': async (c) => ({
    business_name: 'Kampala Books Ltd',
    business_industry: 'Retail',
    business_email: 'info@kampalabooks.example',
    business_phone: '0772123456',
    reg_date: '2020-01-10',
    country: 'Uganda',
    city: 'Kampala',
    address_1: 'Plot 1, Kampala Road',
    address_2: 'Suite 2',
    certificate_url: await c.certificate(),
  }),
  'POST /api/sente-account/save-sente-files': async (c) => ({
    files: [{ file_name: 'Other', other_name: 'Board resolution', file_path: await c.certificate() }],
  }),
  'POST /ops/run': () => ({ secret: 'not-the-secret', args: ['ledger:verify'] }),
  'POST /v1/collections': () => ({
    amount: 1000,
    phone: '0772123456',
    channel: 'MTN_UG',
    reference: 'INV-1',
    customer_name: 'Okello John',
    metadata: { order: '1' },
  }),
  'POST /v1/payouts': () => ({ amount: 1000, phone: '0772123456', reason: 'Supplier' }),
  'POST /v1/payout-batches': () => ({
    reference: `Walk ${randomUUID()}`,
    rows: [{ phone: '0772123456', amount: 1000, name: 'Okello John', reference: 'R-1', narrative: 'Wages' }],
  }),
  'POST /api/staff/register': () => ({ email: `walk-${randomUUID()}@example.com`, staff_role: 'user' }),
  'POST /api/staff/hide_staff/:id': () => ({}),
  'POST /api/staff/accept': () => ({ invite: 'x'.repeat(43) }),
  'POST /api/sente-account/remove-sente-file/:id': () => ({}),
  'POST /api/keys/generate': () => ({}),
  // Literal public addresses, so that no spoiled body waits on a name lookup.
  'POST /api/webhook/save-url': () => ({
    collection_url: 'https://8.8.8.8/walk/collections',
    payment_url: 'https://1.1.1.1/walk/payments',
  }),
  'POST /api/webhook/test-event': () => ({}),
};
