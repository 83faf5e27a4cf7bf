import { randomBytes } from 'node:crypto';

/** The fake Airtel's answers (fake-airtel.ts): Airtel's envelope, its refusals and codes, and its user enquiry. */

export type Product = 'collection' | 'disbursement';

/** Airtel's product codes for each product (developer documentation, "Response codes"). */
export const CODES = {
  collection: {
    success: 'DP00800001001',
    inProcess: 'DP00800001006',
    invalidAmount: 'DP00800001004',
    failed: 'DP00800001009', // "Do not honor": a generic refusal
    expired: 'DP00800001029',
    notPermitted: 'DP00800001010',
    refused: 'DP00800001008',
    notFound: 'DP00800001025',
  },
  disbursement: {
    success: 'DP00900001001',
    inProcess: 'DP00900001006',
    invalidAmount: 'DP00900001004',
    failed: 'DP00900001005',
    expired: 'DP00900001014', // the disbursement codes have no "expired": Transaction Timed Out
    notPermitted: 'DP00900001012', // Mobile number entered is incorrect
    refused: 'DP00900001013',
    notFound: 'DP00900001015',
  },
} as const;

export type Reply = { status: number; body?: unknown; raw?: string };

/**
 * Airtel's envelope. Business answers come as HTTP 200 whatever they say: `status.code` carries the HTTP-like code and
 * `status.success` the outcome; `result_code` is the older ESB code, `response_code` the product's.
 */
export const envelope = (
  status: { code: string; message: string; resultCode: string; responseCode: string; success: boolean },
  data: unknown = {},
  httpStatus = 200,
): Reply => ({
  status: httpStatus,
  body: {
    data,
    status: {
      code: status.code,
      message: status.message,
      result_code: status.resultCode,
      response_code: status.responseCode,
      success: status.success,
    },
  },
});

/** A refusal: HTTP 200, `status.code` '400', success false. */
export const refusal = (message: string, resultCode: string, responseCode: string) =>
  envelope({ code: '400', message, resultCode, responseCode, success: false });

/**
 * The gateway's own refusals (ROUTER codes) come bare, without the envelope (github.com/global-121/121-platform,
 * mock-service airtel.mock.service.ts; github.com/msomali/airtel models/responses.go).
 */
export const gatewayRefusal = (httpStatus: number, message: string, code: string): Reply => ({
  status: httpStatus,
  body: { status_code: code, status_message: message },
});

/** A product refusal with only a response code, as Airtel sends DP00900001011 (no result code). */
export const productRefusal = (httpStatus: number, message: string, code: string): Reply => ({
  status: httpStatus,
  body: { data: {}, status: { code: '400', message, response_code: code, success: false } },
});

/** The gateway's answer to a token it does not know or that expired: 403, OAuth's error, no envelope. */
export const invalidToken: Reply = {
  status: 403,
  body: { error_description: 'The access token is invalid or has expired', error: 'invalid_token' },
};

export const asRecord = (value: unknown): Record<string, any> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, any>) : null;

/** Airtel's money ids look like `MP210603.1234.L06941` (collections) or `CI…` (disbursements). */
export function airtelMoneyId(product: Product): string {
  const now = new Date();
  const date = now.toISOString().slice(2, 10).replace(/-/g, '');
  const time = now.toISOString().slice(11, 16).replace(':', '');
  const serial = String(randomBytes(3).readUIntBE(0, 3) % 100_000).padStart(5, '0');
  return `${product === 'collection' ? 'MP' : 'CI'}${date}.${time}.L${serial}`;
}

/** Who holds a number, as the fake's user enquiry answers: a name, whether barred, or no such subscriber. */
export type AirtelHolder = { first_name: string; last_name: string; is_barred?: boolean } | 'not_registered';

/**
 * `GET /standard/v1/users/{msisdn}`, Airtel's KYC user enquiry, answered as github.com/mtvbrianking/laravel-airtel-money
 * tests/Products/KycTest.php shows it (success: `DP02200000001`). Airtel
 * publishes no answer for a number without an account: the fake answers the envelope's 404, as its transaction enquiry
 * does for an unknown id; that answer's and the bad number's `DP022…` response codes are the fake's own (the adapter
 * reads only `status.code`, `success` and the data).
 */
export function userEnquiry(holders: Map<string, AirtelHolder>, msisdn: string): Reply {
  if (!/^\d{9}$/.test(msisdn)) return refusal('Invalid MSISDN Length. MSISDN Length should be 9', 'ESB000033', 'DP02200000003');
  const holder = holders.get(msisdn);
  if (holder === undefined || holder === 'not_registered') {
    return envelope({
      code: '404',
      message: 'User not found',
      resultCode: 'ESB000045',
      responseCode: 'DP02200000002',
      success: false,
    });
  }
  return envelope(
    { code: '200', message: 'SUCCESS', resultCode: 'ESB000010', responseCode: 'DP02200000001', success: true },
    {
      first_name: holder.first_name,
      last_name: holder.last_name,
      msisdn,
      is_barred: holder.is_barred ?? false,
      is_pin_set: true,
      grade: 'SUBS',
      registration: { status: 'SUBS' },
    },
  );
}
