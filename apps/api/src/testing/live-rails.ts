import { type FakeAirtel, startFakeAirtel } from './fake-airtel.ts';
import { type FakeMtn, startFakeMtn } from './fake-mtn.ts';
import { liveRailsEnv } from './live-rails-env.ts';
import { createMerchant, createPaymentLink, type Merchant, ugxBalances } from './payments.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { setPin, WALLET_ENV } from './transfers.ts';
import { useEnvironment } from './transfers-more.ts';

/** What the live-rails tests charge, credit (less the default 3 % fee) and pay out, and the numbers they use. */
export const AMOUNT = 25_000;
export const CREDIT = AMOUNT - 750;
export const PAYOUT = 5_000;
/** The default schedule's payout charge. */
export const PAYOUT_CHARGE = 1_000;
export const MTN_PHONE = '0772123456';
export const AIRTEL_PHONE = '0702123456';

export const secondsLater = (seconds: number) => new Date(Date.now() + seconds * 1000);

/** A test's world of live rails: both fake providers, the app on them, and a merchant in live mode with a link. */
export type LiveRails = {
  mtn: FakeMtn;
  airtel: FakeAirtel;
  t: TestApp;
  merchant: Merchant;
  liveRef: string;
  /** The app's settings, for a second replica of it. */
  env: Record<string, string>;
};

/**
 * Starts the fake MTN and Airtel, an app whose live rails are them (`env` on top), and a merchant switched to live
 * mode with a payment link of AMOUNT and a wallet PIN. Funding the live wallet is each test's own.
 */
export async function startLiveRails(merchantName: string, env: Record<string, string> = {}): Promise<LiveRails> {
  const [mtn, airtel] = await Promise.all([startFakeMtn(), startFakeAirtel()]);
  const appEnv = { ...WALLET_ENV, PUBLIC_URL: 'https://pay.sente.test', ...liveRailsEnv(mtn, airtel), ...env };
  const t = await createTestApp(appEnv);
  const merchant = await createMerchant(t, merchantName);
  await useEnvironment(t, merchant, 'production');
  const liveRef = (await createPaymentLink(t, merchant, { amount: AMOUNT })).ref;
  await setPin(t, merchant);
  return { mtn, airtel, t, merchant, liveRef, env: appEnv };
}

export async function closeLiveRails(rails: Partial<LiveRails> | undefined) {
  await rails?.t?.close();
  await Promise.all([rails?.mtn?.close(), rails?.airtel?.close()]);
}

export const collectionRow = (t: TestApp, id: string) =>
  t.database.db.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
export const transferRow = (t: TestApp, id: string) =>
  t.database.db.selectFrom('transfers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** The merchant's live UGX balance. */
export const liveUgx = async (t: TestApp, merchant: Merchant) => (await ugxBalances(t, merchant.accountId)).production;
