import { PAYMENT_MESSAGES, PAYOUT_FAILURES } from '@sente/contracts/payments';
import { z } from 'zod';
import { type ChargeAccepted, type PaymentProvider, ProviderRefused, type ProviderReport } from '../provider.ts';
import {
  ProviderUnreachable,
  type RailHttpOptions,
  type RailRequest,
  type RailResponse,
  railRequest,
  tokenCache,
} from './http.ts';

/**
 * Airtel Money Africa's open API (openapi.airtel.africa): collections by USSD push, B2C disbursements, and the
 * transaction enquiry of each. Codes and shapes are those of Airtel's developer documentation (developers.airtel.africa,
 * "Error Codes"): the envelope `{ data, status: { code, message, result_code, response_code, success } }`, the product
 * codes DP008000010xx (collection) and DP009000010xx (disbursement), the older ESB result codes, and the gateway's own
 * errors, answered bare as `{ status_code: "ROUTER…", status_message }`. Real answers are in testing/airtel-answers.ts,
 * each with its source; decision 043 says how each is read.
 */
export type AirtelSettings = {
  /** https://openapiuat.airtel.africa (staging) or https://openapi.airtel.africa. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** `X-Country` and the body's country, e.g. 'UG'. */
  country: string;
  /** `X-Currency` and the body's currency, e.g. 'UGX'. */
  currency: string;
  /** The 4-digit disbursement PIN already encrypted as Airtel's portal describes (RSA, base64); null: no payouts. */
  disbursementPin: string | null;
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
};

const TOKEN_PATH = '/auth/oauth2/token';
const PAYMENT_PATH = '/merchant/v1/payments/';
const PAYMENT_STATUS_PATH = '/standard/v1/payments/';
const DISBURSEMENT_PATH = '/standard/v1/disbursements/';
const DISBURSEMENT_STATUS_PATH = '/standard/v1/disbursements/';

type Product = 'collection' | 'disbursement';

/* Airtel's answers, parsed like every other input. A field that is there but unreadable counts as absent, so that an
 * odd value never turns an answer into a refusal: only a code we know refuses. */

/** One of Airtel's codes: DP…, ESB…, ROUTER…, 0000900, or a numeric result code such as 521002. */
const code = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/);
const text = z.string().optional().catch(undefined);
const statusSchema = z.object({
  success: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
    .optional()
    .catch(undefined),
  response_code: code.optional().catch(undefined),
  result_code: code.optional().catch(undefined),
  message: text,
});
/** Airtel's envelope, on every product answer. */
const envelopeSchema = z.object({ status: statusSchema });
/** The gateway's own errors come bare, without the envelope: `{ "status_code": "ROUTER116", "status_message": "…" }`. */
const gatewaySchema = z.object({ status_code: code, status_message: text });
/** OAuth's errors: the token request's, and the gateway's `403 { "error": "invalid_token" }`. */
const oauthErrorSchema = z.object({ error: z.string().regex(/^[a-z_]{1,40}$/), error_description: text });
/** The token. `expires_in` is a number, or on Airtel's staging a numeric string. */
const tokenSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d+(\.\d+)?$/)
        .transform(Number),
    ])
    .pipe(z.number().positive().finite()),
});
/** A transaction enquiry: the envelope, and the transaction's status (TIP, TA, TS, TF, TE). */
const enquirySchema = z.object({
  status: statusSchema,
  data: z.object({
    transaction: z.object({
      status: z.string(),
      message: z.string().nullish().catch(null),
      airtel_money_id: z
        .union([z.string(), z.number().transform(String)])
        .nullish()
        .catch(null),
    }),
  }),
});

type Enquiry = z.infer<typeof enquirySchema>;

/** What an answer says by its codes: the envelope's response and result codes, or the gateway's status code. */
type Answer = { success: boolean | undefined; codes: string[]; message: string | null };

function answerOf(body: unknown): Answer | null {
  const envelope = envelopeSchema.safeParse(body);
  if (envelope.success) {
    const { success, response_code, result_code, message } = envelope.data.status;
    const codes = [response_code, result_code].filter((value): value is string => value !== undefined);
    return { success, codes, message: message ?? null };
  }
  const gateway = gatewaySchema.safeParse(body);
  if (gateway.success) return { success: false, codes: [gateway.data.status_code], message: gateway.data.status_message ?? null };
  return null;
}

/**
 * Codes that say the request reached Airtel and may still complete. The initiation is then answered accepted and the
 * enquiry decides. ESB000001/000004/000014 and 0000900 are documented as "can be in ambiguous state", ROUTER117 as a
 * request timeout after which payments are to be enquired; DP…1000 is Ambiguous, DP…1006 In process, DP00900001014 a
 * disbursement timed out that "may be processed or failed".
 */
const AMBIGUOUS_CODES = new Set([
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
const DUPLICATE_CODES = new Set(['ESB000041', 'DP00900001011', 'DP00900001017']);

/**
 * The only codes that refuse a request: each documented as a final answer after which nothing was taken or paid. Any
 * other code, duplicate, ambiguous or unknown, means "ask the enquiry". The gateway's (ROUTER…) come before the request
 * reaches the wallet: a wallet or route not configured (001, 005), a missing parameter (003), a wrong country (006,
 * 007) or currency (112, 119), the disbursement PIN failing (114, 115, 116). ESB: field validation (000008), failed
 * (000011), the number (000033, 000036), the country or currency (000034, 000035), a vendor not configured (000039).
 */
const GATEWAY_REFUSALS = new Set([
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
const PRODUCT_REFUSALS: Record<Product, Set<string>> = {
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
const NOT_FOUND_CODES = new Set(['DP00800001025', 'DP00900001015', 'ESB000045']);

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

/** Airtel Money Africa as a PaymentProvider (issue 15): collections from, and payouts to, Airtel numbers. */
export function createAirtelMoney(settings: AirtelSettings): PaymentProvider {
  const http: RailHttpOptions = {
    baseUrl: settings.baseUrl.replace(/\/+$/, ''),
    timeoutMs: settings.timeoutMs,
    retries: settings.retries,
    retryDelayMs: settings.retryDelayMs,
  };

  /** A new token for the client credentials. */
  async function requestToken(): Promise<{ token: string; expiresInSeconds: number }> {
    const response = await railRequest(http, {
      method: 'POST',
      path: TOKEN_PATH,
      json: { client_id: settings.clientId, client_secret: settings.clientSecret, grant_type: 'client_credentials' },
      retry: true,
    });
    // The answer is not quoted: a malformed one might carry a token. Only OAuth's own error name is, when it is one.
    if (response.status < 200 || response.status >= 300) {
      const error = oauthErrorSchema.safeParse(response.body);
      throw new Error(
        `Airtel Money: the token request answered ${response.status}${error.success ? ` (${error.data.error})` : ''}`,
      );
    }
    const parsed = tokenSchema.safeParse(response.body);
    if (!parsed.success) throw new Error('Airtel Money: the token answer was malformed (no access_token or expires_in)');
    return { token: parsed.data.access_token, expiresInSeconds: parsed.data.expires_in };
  }

  // One token for every call until shortly before it expires (180 s on staging).
  const tokens = tokenCache(requestToken);

  /**
   * Whether Airtel refused the token itself: a 401, or the gateway's `403 { "error": "invalid_token" }` for an expired or
   * unknown one (github.com/global-121/121-platform, mock-service airtel.mock.service.ts, answers it so).
   */
  const tokenRefused = (response: RailResponse) =>
    response.status === 401 ||
    (response.status === 403 && oauthErrorSchema.safeParse(response.body).data?.error === 'invalid_token');

  /**
   * One call with the current token and the country and currency headers. A refused token was revoked or expired early:
   * it is dropped and the call repeated once with a new one; refused again, it is an error (the gateway checks the token
   * before anything else, so nothing was taken).
   */
  async function call(request: Omit<RailRequest, 'headers'>): Promise<RailResponse> {
    for (let attempt = 0; ; attempt += 1) {
      const token = await tokens.get();
      const response = await railRequest(http, {
        ...request,
        headers: { authorization: `Bearer ${token}`, 'x-country': settings.country, 'x-currency': settings.currency },
      });
      if (!tokenRefused(response)) return response;
      tokens.invalidate();
      if (attempt > 0) {
        throw new Error(`Airtel Money: ${request.method} ${request.path} answered ${response.status} with a new token`);
      }
    }
  }

  /**
   * Sends a collection or disbursement carrying our id as Airtel's transaction id, and reads Airtel's answer. Only a
   * documented refusal code refuses (ProviderRefused with the mapped reason). Everything else once the request was
   * sent is accepted, and the enquiry decides: success, a duplicate (our earlier attempt got through), an ambiguous or
   * unknown code (named in `providerCode`, for the warn log), an answer that cannot be read (`providerCode`
   * `http_<status>`), or no answer at all (every attempt timed out or answered 5xx). A token that cannot be had means
   * the request was never sent, so that error propagates.
   */
  async function initiate(product: Product, path: string, id: string, json: unknown): Promise<ChargeAccepted> {
    let response: RailResponse;
    try {
      // Retrying is safe: the same transaction id a second time is answered as a duplicate, never taken twice.
      response = await call({ method: 'POST', path, json, retry: true });
    } catch (error) {
      if (error instanceof ProviderUnreachable && error.call === `POST ${path}`) return { providerReference: id };
      throw error;
    }
    const answer = answerOf(response.body);
    if (response.status >= 200 && response.status < 300 && answer?.success === true) return { providerReference: id };
    if (!answer || answer.codes.length === 0) return { providerReference: id, providerCode: `http_${response.status}` };
    const enquire = answer.codes.find((value) => DUPLICATE_CODES.has(value) || AMBIGUOUS_CODES.has(value));
    const refusal = answer.codes.some((value) => GATEWAY_REFUSALS.has(value) || PRODUCT_REFUSALS[product].has(value));
    if (!enquire && refusal && answer.success !== true) {
      const reasons = [answer.message];
      throw new ProviderRefused(
        product === 'collection' ? paymentFailure(answer.codes, reasons) : payoutFailure(answer.codes, reasons),
        answer.codes[0],
      );
    }
    return { providerReference: id, providerCode: enquire ?? answer.codes[0] };
  }

  /**
   * Reads a transaction enquiry: TIP/TA pending, TS successful, TF/TE failed, Airtel's "not found" unknown. Anything
   * else (the gateway's own error, an answer that does not parse, a status we do not know) throws: the check failed,
   * and the reconciler asks again later; it is never taken for "not found".
   */
  async function enquire(product: Product, path: string): Promise<ProviderReport> {
    const response = await call({ method: 'GET', path, retry: true });
    const answer = answerOf(response.body);
    if (answer?.codes.some((value) => NOT_FOUND_CODES.has(value)) && response.status < 500) return { status: 'unknown' };
    const parsed = enquirySchema.safeParse(response.body);
    if (response.status >= 200 && response.status < 300 && parsed.success) {
      const report = reportOf(product, parsed.data);
      if (report) return report;
    }
    const status = parsed.data?.data.transaction.status;
    const named = status && /^[A-Z]{1,5}$/.test(status) ? `, transaction status ${status}` : '';
    const codes = answer && answer.codes.length > 0 ? ` (${answer.codes.join(', ')})` : '';
    throw new Error(`Airtel Money: GET ${path} answered ${response.status} without a usable answer${named}${codes}`);
  }

  return {
    name: 'airtel_money',

    async charge(request) {
      if (request.channel !== 'AIRTEL') throw new Error(`Airtel Money: cannot charge channel ${request.channel}`);
      const msisdn = localNumber(request.msisdn);
      return initiate('collection', PAYMENT_PATH, request.transactionId, {
        // Shown to the payer and in Airtel's portal: names our transaction.
        reference: `Sente${request.transactionId}`,
        subscriber: { country: settings.country, currency: settings.currency, msisdn },
        transaction: {
          amount: request.amount,
          country: settings.country,
          currency: settings.currency,
          id: request.transactionId,
        },
      });
    },

    async payout(request) {
      if (settings.disbursementPin === null) {
        throw new Error('Airtel Money: payouts need the encrypted disbursement PIN, which is not configured');
      }
      if (request.currency !== settings.currency) {
        throw new Error(`Airtel Money: cannot pay out ${request.currency} from a ${settings.currency} account`);
      }
      return initiate('disbursement', DISBURSEMENT_PATH, request.transferId, {
        payee: { msisdn: localNumber(request.msisdn), wallet_type: 'NORMAL' },
        // Airtel wants an alphanumeric reference of 4 to 64 characters.
        reference: `Sente${request.transferId.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 64),
        pin: settings.disbursementPin,
        transaction: { amount: request.amount, id: request.transferId, type: 'B2C' },
      });
    },

    paymentStatus: ({ transactionId }) => enquire('collection', `${PAYMENT_STATUS_PATH}${encodeURIComponent(transactionId)}`),

    payoutStatus: ({ transferId }) => enquire('disbursement', `${DISBURSEMENT_STATUS_PATH}${encodeURIComponent(transferId)}`),

    callbackReference(body) {
      // Airtel's callback: { transaction: { id, message, status_code, airtel_money_id } }. Only the id is read; the
      // outcome is always asked of the enquiry.
      const id = callbackSchema.safeParse(body).data?.transaction.id;
      return id ?? null;
    },

    async checkCredentials() {
      // A new token, not the cached one: the client credentials themselves are checked.
      await requestToken();
    },
  };
}

/** Airtel's callback, as far as it is read: the transaction id. */
const callbackSchema = z.object({ transaction: z.object({ id: z.string().min(1).max(100) }) });

/** An enquiry's transaction status as a report; null for a status Airtel does not document. */
function reportOf(product: Product, enquiry: Enquiry): ProviderReport | null {
  const { transaction } = enquiry.data;
  const { response_code, result_code, message } = enquiry.status;
  const codes = [response_code, result_code].filter((value): value is string => value !== undefined);
  switch (transaction.status) {
    case 'TIP': // in progress
    case 'TA': // ambiguous: Airtel itself does not know yet
      return { status: 'pending' };
    case 'TS':
      return transaction.airtel_money_id
        ? { status: 'successful', providerReference: transaction.airtel_money_id }
        : { status: 'successful' };
    case 'TF': {
      const reasons = [transaction.message ?? null, message ?? null];
      return {
        status: 'failed',
        message: product === 'collection' ? paymentFailure(codes, reasons) : payoutFailure(codes, reasons),
        providerCode: response_code ?? 'TF',
      };
    }
    case 'TE': // expired: the payer never answered the prompt
      return {
        status: 'failed',
        message: product === 'collection' ? PAYMENT_MESSAGES.expired : PAYOUT_FAILURES.refused,
        providerCode: response_code ?? 'TE',
      };
    default:
      return null;
  }
}

/** `2567XXXXXXXX` as Airtel wants it, without the country code: `7XXXXXXXX`. */
function localNumber(msisdn: string | null): string {
  if (!msisdn || !/^2567\d{8}$/.test(msisdn)) throw new Error('Airtel Money: the number is not a Ugandan mobile number');
  return msisdn.slice(3);
}

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

const paymentFailure = (codes: string[], messages: Array<string | null>) =>
  failureOf(PAYMENT_FAILURE_CODES, PAYMENT_FAILURE_WORDS, PAYMENT_MESSAGES.providerDeclined, codes, messages);

const payoutFailure = (codes: string[], messages: Array<string | null>) =>
  failureOf(PAYOUT_FAILURE_CODES, PAYOUT_FAILURE_WORDS, PAYOUT_FAILURES.refused, codes, messages);
