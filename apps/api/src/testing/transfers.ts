import { randomUUID } from 'node:crypto';
import type { TransferRow } from '@sente/contracts/transfers';
import { expect } from 'vitest';
import { post } from './http.ts';
import { createPaymentLink, type Merchant, PAYMENTS_ENV, payId } from './payments.ts';
import type { TestApp } from './test-app.ts';
import { bearer } from './users.ts';

/** A test app for money out: payments and payouts settle only when the test says so, PIN checks unthrottled. */
export const WALLET_ENV = { ...PAYMENTS_ENV, PIN_RATE_LIMIT_PER_MINUTE: '100000' };

export const PIN = '24680';
export const WRONG_PIN = '11111';
/** A well-formed id that names no account. */
/** A 423 of the PIN lock, which names the Kampala time it ends (decision 071). */
export const PIN_LOCKED = expect.stringMatching(
  /^Too many wrong PINs\. Transfers are locked until \w{3} \d{2}, \d{4} \d{1,2}:\d{2} EAT\.$/,
);

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** The caller's own ten-digit Sente account number. */
export async function accountNumber(t: TestApp, merchant: Merchant): Promise<string> {
  const res = await post(t, merchant, '/api/wallet/get_account_number_if_exists');
  if (res.statusCode !== 200) throw new Error(`get_account_number_if_exists answered ${res.statusCode}: ${res.body}`);
  return res.json().sente_account_number;
}

/**
 * Puts UGX into the merchant's test wallet the way money really arrives: a customer pays a dynamic link and the
 * simulator reports success. The wallet gets the amount less the collection fee; answers what it got.
 */
export async function fundWallet(t: TestApp, merchant: Merchant, amount: number): Promise<number> {
  const link = await createPaymentLink(t, merchant, { title: 'Top up', fixed_amount: false });
  const id = await payId(t, link.ref, { amount });
  await t.app.services.payments.settle(id, { status: 'successful', message: null });
  const row = await t.database.db
    .selectFrom('collections')
    .select(['amount', 'fee'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.amount) - Number(row.fee);
}

export async function setPin(t: TestApp, merchant: Merchant, pin = PIN) {
  const res = await post(t, merchant, '/api/wallet/set_pin', {
    user_id: merchant.userId,
    sente_account_id: merchant.accountId,
    active_environment: 'test',
    pin,
  });
  if (res.statusCode !== 201) throw new Error(`set_pin answered ${res.statusCode}: ${res.body}`);
}

/** A fresh single-use PIN token (verify_pin with the right PIN). */
export async function pinToken(t: TestApp, merchant: Merchant, pin = PIN): Promise<string> {
  const res = await post(t, merchant, '/api/wallet/verify_pin', { sente_account_id: merchant.accountId, pin });
  if (res.statusCode !== 200) throw new Error(`verify_pin answered ${res.statusCode}: ${res.body}`);
  return res.json().pin_token;
}

/** POST /api/wallet-transfers/p2p with a fresh PIN token, as the dashboard sends it. */
export async function p2p(
  t: TestApp,
  from: Merchant,
  to: { accountId: string },
  amount: number | string,
  options: { reason?: string; token?: string; key?: string; env?: string } = {},
) {
  return post(
    t,
    from,
    '/api/wallet-transfers/p2p',
    {
      senderAccountId: from.accountId,
      recipientAccountId: to.accountId,
      creatorId: from.userId,
      amount,
      reason: options.reason ?? 'Stock',
      env: options.env ?? 'test',
      pin_token: options.token ?? (await pinToken(t, from)),
    },
    { 'idempotency-key': options.key ?? randomUUID() },
  );
}

export async function requestSettlement(
  t: TestApp,
  merchant: Merchant,
  amount: number,
  options: { reason?: string; token?: string; key?: string } = {},
) {
  return post(
    t,
    merchant,
    '/api/settlements/create',
    { amount, reason: options.reason ?? 'Monthly payout', pin_token: options.token ?? (await pinToken(t, merchant)) },
    { 'idempotency-key': options.key ?? randomUUID() },
  );
}

export async function payout(
  t: TestApp,
  merchant: Merchant,
  amount: number,
  phone: string,
  options: { narrative?: string; token?: string; key?: string } = {},
) {
  return post(
    t,
    merchant,
    '/api/yo/process_payout',
    {
      active_env: 'test',
      creator_id: merchant.userId,
      sente_account_id: merchant.accountId,
      amount,
      account: phone,
      narrative: options.narrative ?? 'Supplier',
      pin_token: options.token ?? (await pinToken(t, merchant)),
    },
    { 'idempotency-key': options.key ?? randomUUID() },
  );
}

export async function saveBankDetails(t: TestApp, merchant: Merchant) {
  const res = await post(t, merchant, '/api/sente-account/update-bank-details', {
    bank_name: 'Stanbic Bank Uganda',
    account_number: '9030012345678',
    account_name: 'Kampala Books Ltd',
  });
  if (res.statusCode !== 200) throw new Error(`update-bank-details answered ${res.statusCode}: ${res.body}`);
}

export async function settlementsPage(t: TestApp, merchant: Merchant, cursor?: string) {
  const url = cursor ? `/api/settlements?cursor=${encodeURIComponent(cursor)}` : '/api/settlements';
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(merchant.accessToken) });
  if (res.statusCode !== 200) throw new Error(`settlements answered ${res.statusCode}: ${res.body}`);
  return res.json().data as { items: TransferRow[]; nextCursor: string | null; totalItems: number; totalPages: number };
}

/** A transfer as the merchant's first page of /api/settlements shows it, or undefined when it is not there. */
export async function transferRow(t: TestApp, merchant: Merchant, id: string): Promise<TransferRow | undefined> {
  return (await settlementsPage(t, merchant)).items.find((item) => item.id === id);
}

/** One pass of the worker at `now` (jobs/jobs.ts): how many payouts it paid, returned or expired. */
export async function payoutsDone(t: TestApp, now: Date): Promise<number> {
  const { payouts } = await t.app.services.jobs.runDue({ now });
  return payouts.settled + payouts.expired;
}
