import { PAYMENT_MESSAGES, PAYOUT_FAILURES } from '@sente/contracts/payments';

/**
 * Airtel's codes and what each means here, from Airtel's developer documentation (developers.airtel.africa, "Error
 * Codes"); decision 043 says how each is read.
 */

export type AirtelProduct = 'collection' | 'disbursement';

/**
 * Codes that say the request reached Airtel and may still complete. The initiation is then answered accepted and the
 * enquiry decides. ESB000001/000004/000014 and 0000900 are documented as "can be in ambiguous state", ROUTER117 as a
 * request timeout after which payments are to be enquired; DP…1000 is Ambiguous, DP…1006 In process, DP00900001014 a
 * disbursement timed out that "may be processed or failed".
 */
export const AMBIGUOUS_CODES = new Set([
  'DP00800001000',
  'DP00800001006',
  'DP00900001000',
  'DP00900001006',
  'DP00900001014',
  'ESB000001',
  'ESB000004',
  'ESB000014',
  '0000900',
  'ROUTER117',
]);

/**
 * The transaction id was already used: our earlier attempt got through (we never reuse an id for another request), and
 * the enquiry tells what became of it. ESB000041 "External Transaction ID already exists" (both products);
 * DP00900001011 "Transaction with similar information already exists in this system" (what a repeated disbursement
 * gets: github.com/global-121/121-platform reads it as a duplicate, to be enquired); DP00900001017 "Duplicate
 * Transaction Id. To know the status of the actual transaction, please do transaction enquiry".
 */
export const DUPLICATE_CODES = new Set(['ESB000041', 'DP00900001011', 'DP00900001017']);

/**
 * The only codes that refuse a request: each documented as a final answer after which nothing was taken or paid. Any
 * other code, duplicate, ambiguous or unknown, means "ask the enquiry". The gateway's (ROUTER…) come before the request
 * reaches the wallet: a wallet or route not configured (001, 005), a missing parameter (003), a wrong country (006,
 * 007) or currency (112, 119), the disbursement PIN failing (114, 115, 116). ESB: field validation (000008), failed
 * (000011), the number (000033, 000036), the country or currency (000034, 000035), a vendor not configured (000039).
 */
export const GATEWAY_REFUSALS = new Set([
  'ROUTER001',
  'ROUTER003',
  'ROUTER005',
  'ROUTER006',
  'ROUTER007',
  'ROUTER112',
  'ROUTER114',
  'ROUTER115',
  'ROUTER116',
  'ROUTER119',
  'ESB000008',
  'ESB000011',
  'ESB000033',
  'ESB000034',
  'ESB000035',
  'ESB000036',
  'ESB000039',
]);

/**
 * The product codes of a final refusal: collection DP00800001002 incorrect PIN, 003 over the payer's limit, 004 under
 * the minimum amount, 005 the payer did not enter the PIN, 007 not enough balance, 008 refused, 009 "Do not honor", 010
 * payer barred or not registered, 026 signature mismatch, 029 expired; disbursement DP00900001003 the day's limit, 004
 * amount out of range, 005 failed, 007 not enough funds in our account, 009 invalid initiatee, 010 payer not allowed,
 * 012 incorrect number, 013 refused, 016 signature mismatch. Timed out (DP00800001024) is not among them: at the
 * request it says nothing final, and the enquiry is asked.
 */
export const PRODUCT_REFUSALS: Record<AirtelProduct, Set<string>> = {
  collection: new Set([
    'DP00800001002',
    'DP00800001003',
    'DP00800001004',
    'DP00800001005',
    'DP00800001007',
    'DP00800001008',
    'DP00800001009',
    'DP00800001010',
    'DP00800001026',
    'DP00800001029',
  ]),
  disbursement: new Set([
    'DP00900001003',
    'DP00900001004',
    'DP00900001005',
    'DP00900001007',
    'DP00900001009',
    'DP00900001010',
    'DP00900001012',
    'DP00900001013',
    'DP00900001016',
  ]),
};

/** Airtel has no transaction with that id: DP00800001025 / DP00900001015 "Transaction Not Found", ESB000045. */
export const NOT_FOUND_CODES = new Set(['DP00800001025', 'DP00900001015', 'ESB000045']);

/**
 * A collection's failure code as the payer reads it, by Airtel's meaning of each. Codes that say no more than "failed"
 * (DP00800001009 "Do not honor", a generic refusal) are left out, so that the message is read instead.
 */
const PAYMENT_FAILURE_CODES: Record<string, string> = {
  DP00800001002: PAYMENT_MESSAGES.wrongPin, // Incorrect pin has been entered
  DP00800001003: PAYMENT_MESSAGES.limitReached, // The user has exceeded their wallet allowed transaction limit
  DP00800001005: PAYMENT_MESSAGES.expired, // User didn't enter the pin
  DP00800001007: PAYMENT_MESSAGES.insufficientBalance, // User wallet does not have enough money
  DP00800001008: PAYMENT_MESSAGES.declinedOnPhone, // The transaction was refused
  DP00800001010: PAYMENT_MESSAGES.notRegistered, // Barred, initiated for churn, or not registered on Airtel Money
  DP00800001024: PAYMENT_MESSAGES.expired, // The transaction was timed out
  DP00800001029: PAYMENT_MESSAGES.expired, // Transaction has been expired
  ESB000033: PAYMENT_MESSAGES.notRegistered, // Invalid MSISDN length
  ESB000036: PAYMENT_MESSAGES.notRegistered, // Invalid MSISDN
};

/**
 * The same for a disbursement, as the merchant reads it on the transfer. In a B2C disbursement the payer is our own
 * disbursement account: DP00900001007 "Not enough funds in account" is ours (floatLow), while the limits (003, 004) are
 * the receiving wallet's.
 */
const PAYOUT_FAILURE_CODES: Record<string, string> = {
  DP00900001003: PAYOUT_FAILURES.limitReached, // Maximum transaction limit reached for the day
  DP00900001004: PAYOUT_FAILURES.limitReached, // Amount out of range of the defined limits
  DP00900001007: PAYOUT_FAILURES.floatLow, // Not enough funds in (our disbursement) account
  DP00900001012: PAYOUT_FAILURES.notRegistered, // Mobile number entered is incorrect
  ESB000033: PAYOUT_FAILURES.notRegistered,
  ESB000036: PAYOUT_FAILURES.notRegistered,
};

/** When the code says nothing specific, Airtel's message may: the first pattern that matches names the reason. */
const PAYMENT_FAILURE_WORDS: Array<[RegExp, string]> = [
  [/insufficient|not enough (money|balance|funds)/i, PAYMENT_MESSAGES.insufficientBalance],
  [/(incorrect|invalid|wrong) pin/i, PAYMENT_MESSAGES.wrongPin],
  [/limit/i, PAYMENT_MESSAGES.limitReached],
  [/not registered|invalid msisdn|msisdn (is )?(invalid|not found)|barred/i, PAYMENT_MESSAGES.notRegistered],
  [/declin|refused|rejected|cancel/i, PAYMENT_MESSAGES.declinedOnPhone],
  [/timed? ?out|expired|did ?n[o']t enter/i, PAYMENT_MESSAGES.expired],
];

/**
 * A message naming the receiver's limit or balance comes first: "not enough" there is the receiving wallet's room, not
 * our funds.
 */
const PAYOUT_FAILURE_WORDS: Array<[RegExp, string]> = [
  [
    /(payee|receiver|recipient|beneficiary)\b.*\b(limit|maximum|max balance)|(limit|maximum)\b.*\b(payee|receiver|recipient|beneficiary)/i,
    PAYOUT_FAILURES.limitReached,
  ],
  [
    /not registered|invalid msisdn|msisdn (is )?(invalid|not found)|(incorrect|invalid) (mobile )?number/i,
    PAYOUT_FAILURES.notRegistered,
  ],
  [/insufficient|not enough (money|balance|funds)/i, PAYOUT_FAILURES.floatLow],
  [/limit|out of range/i, PAYOUT_FAILURES.limitReached],
];

/** The specific code's reason, else the first of Airtel's messages that names one, else the generic one. */
function failureOf(
  table: Record<string, string>,
  words: Array<[RegExp, string]>,
  fallback: string,
  codes: string[],
  messages: Array<string | null>,
): string {
  for (const value of codes) {
    const mapped = table[value];
    if (mapped) return mapped;
  }
  for (const message of messages) {
    const found = message ? words.find(([pattern]) => pattern.test(message)) : undefined;
    if (found) return found[1];
  }
  return fallback;
}

export const paymentFailure = (codes: string[], messages: Array<string | null>) =>
  failureOf(PAYMENT_FAILURE_CODES, PAYMENT_FAILURE_WORDS, PAYMENT_MESSAGES.providerDeclined, codes, messages);

export const payoutFailure = (codes: string[], messages: Array<string | null>) =>
  failureOf(PAYOUT_FAILURE_CODES, PAYOUT_FAILURE_WORDS, PAYOUT_FAILURES.refused, codes, messages);
