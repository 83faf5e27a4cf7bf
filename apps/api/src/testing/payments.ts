import type { PayRequest, PublicPayment } from '@sente/contracts/payments';
import { merchantBalances, verifyLedger } from '../modules/money/ledger.ts';
import type { TestApp } from './test-app.ts';
import { SAMPLES, uploadPath } from './upload-fixtures.ts';
import { bearer, createAccount, createSignedInUser, type SignedInUser } from './users.ts';

/** A test app whose payments settle only when the test says so (no worker, no simulator delay). */
export const PAYMENTS_ENV = { PAYMENT_WORKER_INTERVAL_MS: '0', SIMULATOR_DELAY_MS: '0', PAY_RATE_LIMIT_PER_MINUTE: '10000' };

export type Merchant = SignedInUser & { accountId: string };

export async function createMerchant(t: TestApp, accountName = 'Kampala Books'): Promise<Merchant> {
  const user = await createSignedInUser(t);
  return { ...user, accountId: await createAccount(t, user.accessToken, accountName) };
}

async function created(t: TestApp, merchant: Merchant, url: string, payload: object): Promise<{ id: string; ref: string }> {
  const res = await t.app.inject({ method: 'POST', url, headers: bearer(merchant.accessToken), payload });
  if (res.statusCode !== 201) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

export const createPaymentLink = (t: TestApp, merchant: Merchant, overrides: object = {}) =>
  created(t, merchant, '/api/payment-link/create', { title: 'School fees', fixed_amount: true, amount: 25000, ...overrides });

export const createDonationLink = (t: TestApp, merchant: Merchant, overrides: object = {}) =>
  created(t, merchant, '/api/donation-link/create', {
    title: 'New classroom',
    target: 1_000_000,
    beneficiary: 'St. Mary',
    ...overrides,
  });

export async function createDigitalItem(t: TestApp, merchant: Merchant, overrides: object = {}) {
  const image = await uploadPath(t, merchant.accessToken, { bytes: SAMPLES.png, name: 'cover.png' }, 'uploads');
  const file = await uploadPath(t, merchant.accessToken, { bytes: SAMPLES.pdf, name: 'Budget Planner.pdf' }, 'products');
  const item = await created(t, merchant, '/api/donation-link/create_digital_item', {
    title: 'Budget planner',
    description: 'A monthly budget planner',
    price: 15000,
    original_price: 20000,
    image,
    file,
    buyer_note: 'Print it on A4.',
    ...overrides,
  });
  return { ...item, file };
}

/** POST /api/public/links/:ref/pay as a customer's browser sends it. */
export function pay(t: TestApp, ref: string, body: Partial<PayRequest>, idempotencyKey?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/public/links/${ref}/pay`,
    payload: { names: 'Okello John', channel: 'MTN_UG', phone: '0772123456', extra_data: [], ...body },
    headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
  });
}

/** Pays and answers the new payment's id, failing loudly otherwise. */
export async function payId(t: TestApp, ref: string, body: Partial<PayRequest> = {}): Promise<string> {
  const res = await pay(t, ref, body);
  if (res.statusCode !== 201) throw new Error(`pay answered ${res.statusCode}: ${res.body}`);
  return res.json().data.id;
}

export async function paymentStatus(t: TestApp, id: string): Promise<PublicPayment> {
  const res = await t.app.inject({ method: 'GET', url: `/api/public/payments/${id}` });
  if (res.statusCode !== 200) throw new Error(`status answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

/** The merchant's UGX balances: test and live. */
export async function ugxBalances(t: TestApp, accountId: string) {
  const { UGX } = await merchantBalances(t.database.db, accountId);
  return UGX;
}

export async function expectLedgerHolds(t: TestApp) {
  const problems = await verifyLedger(t.database.db);
  if (problems.length > 0) throw new Error(`ledger problems: ${JSON.stringify(problems)}`);
}

export async function getData(t: TestApp, merchant: Merchant, url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(merchant.accessToken) });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}
