import { PAYMENT_MESSAGES, PAYOUT_FAILURES } from '@sente/contracts/payments';
import { type PaymentProvider, ProviderRefused, type ProviderReport, providerCodeOf } from '../provider.ts';
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
 * transaction enquiry of each. Codes and shapes are those of Airtel's developer documentation: the envelope
 * `{ data, status: { code, message, result_code, response_code, success } }`, the product codes
 * DP008000010xx (collection) and DP009000010xx (disbursement), and the older ESB result codes.
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

/** `status` of an Airtel answer, as far as it has one. */
type Envelope = { success: boolean | null; responseCode: string | null; resultCode: string | null; message: string | null };

/**
 * Codes that say the request reached Airtel and may still complete: not a refusal. The initiation is then answered
 * accepted and the enquiry decides. ESB000001/000004/000014 and 0000900 are documented as "can be in ambiguous state",
 * ROUTER117 as a request timeout after which payments are to be enquired; DP...1000 is Ambiguous, DP...1006 In process,
 * DP00900001014 a disbursement timed out that "may be processed or failed".
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
 * The transaction id was already used: our earlier attempt got through (we never reuse an id for another request).
 * ESB000041 "External Transaction ID already exists" (both products); DP00900001017 "Duplicate Transaction Id".
 */
const DUPLICATE_CODES = new Set(['ESB000041', 'DP00900001017']);

/** Airtel has no transaction with that id: DP00800001025 / DP00900001015 "Transaction Not Found", ESB000045. */
const NOT_FOUND_CODES = new Set(['DP00800001025', 'DP00900001015', 'ESB000045']);

/**
 * A collection's failure code as the payer reads it. Codes that say no more than "failed" (DP00800001009 "Do not
 * honor", a generic refusal) are left out, so that the message is read instead.
 */
const PAYMENT_FAILURE_CODES: Record<string, string> = {
  DP00800001002: PAYMENT_MESSAGES.wrongPin, // Incorrect Pin
  DP00800001003: PAYMENT_MESSAGES.limitReached, // Exceeds withdrawal amount limit(s)
  DP00800001005: PAYMENT_MESSAGES.expired, // "Transaction ID is invalid": the payer didn't enter the PIN
  DP00800001007: PAYMENT_MESSAGES.insufficientBalance, // Not enough balance
  DP00800001008: PAYMENT_MESSAGES.declinedOnPhone, // Refused
  DP00800001010: PAYMENT_MESSAGES.notRegistered, // Transaction not permitted: barred or not registered on Airtel Money
  DP00800001024: PAYMENT_MESSAGES.expired, // Transaction Timed Out
  DP00800001029: PAYMENT_MESSAGES.expired, // Transaction Expired
  ESB000033: PAYMENT_MESSAGES.notRegistered, // Invalid MSISDN Length
  ESB000036: PAYMENT_MESSAGES.notRegistered, // Invalid MSISDN
};

/** The same for a disbursement, as the merchant reads it on the transfer. */
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

const PAYOUT_FAILURE_WORDS: Array<[RegExp, string]> = [
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

  // One token for every call until shortly before it expires (180 s on staging).
  const tokens = tokenCache(async () => {
    const response = await railRequest(http, {
      method: 'POST',
      path: TOKEN_PATH,
      json: { client_id: settings.clientId, client_secret: settings.clientSecret, grant_type: 'client_credentials' },
      retry: true,
    });
    // The answer is not quoted: a malformed one might carry a token. Only OAuth's own error name is, when it is one.
    if (response.status < 200 || response.status >= 300) {
      const error = asRecord(response.body)?.error;
      const named = typeof error === 'string' && /^[a-z_]{1,40}$/.test(error) ? ` (${error})` : '';
      throw new Error(`Airtel Money: the token request answered ${response.status}${named}`);
    }
    const body = asRecord(response.body);
    const token = body?.access_token;
    const expiresIn = secondsOf(body?.expires_in);
    if (typeof token !== 'string' || token === '' || expiresIn === null) {
      throw new Error('Airtel Money: the token answer was malformed (no access_token or expires_in)');
    }
    return { token, expiresInSeconds: expiresIn };
  });

  /**
   * One call with the current token and the country and currency headers. A 401 means the token was revoked or expired
   * early: it is dropped and the call repeated once with a new one; a second 401 is an error (nothing was taken).
   */
  async function call(request: Omit<RailRequest, 'headers'>): Promise<RailResponse> {
    for (let attempt = 0; ; attempt += 1) {
      const token = await tokens.get();
      const response = await railRequest(http, {
        ...request,
        headers: { authorization: `Bearer ${token}`, 'x-country': settings.country, 'x-currency': settings.currency },
      });
      if (response.status !== 401) return response;
      tokens.invalidate();
      if (attempt > 0) throw new Error(`Airtel Money: ${request.method} ${request.path} answered 401 with a new token`);
    }
  }

  /**
   * Sends a collection or disbursement carrying our id as Airtel's transaction id, and reads Airtel's answer: accepted,
   * refused (ProviderRefused with the mapped reason), or an error. When the request itself could not be delivered
   * (every attempt timed out or answered 5xx), Airtel may have taken it: accepted, and the enquiry resolves it. A token
   * that cannot be had means the request was never sent, so that error propagates.
   */
  async function initiate(product: Product, path: string, id: string, json: unknown): Promise<{ providerReference: string }> {
    let response: RailResponse;
    try {
      // Retrying is safe: the same transaction id a second time is answered as a duplicate, never taken twice.
      response = await call({ method: 'POST', path, json, retry: true });
    } catch (error) {
      if (error instanceof ProviderUnreachable && error.call === `POST ${path}`) return { providerReference: id };
      throw error;
    }
    const envelope = envelopeOf(response.body);
    const ok = response.status >= 200 && response.status < 300;
    if (ok && envelope?.success === true) return { providerReference: id };
    if (envelope && hasCode(envelope, DUPLICATE_CODES)) return { providerReference: id };
    if (envelope && hasCode(envelope, AMBIGUOUS_CODES)) return { providerReference: id };
    if (envelope?.success === false && (envelope.responseCode || envelope.resultCode) && response.status < 500) {
      throw new ProviderRefused(
        product === 'collection' ? paymentFailure(envelope, null) : payoutFailure(envelope, null),
        providerCodeOf(envelope.responseCode, envelope.resultCode),
      );
    }
    // A 2xx Airtel did not finish writing may still mean it took the request: accepted, and the enquiry decides.
    if (ok) return { providerReference: id };
    throw new Error(`Airtel Money: POST ${path} answered ${response.status} without a usable answer${codesOf(envelope)}`);
  }

  /** Reads a transaction enquiry: TIP/TA pending, TS successful, TF/TE failed, Airtel's "not found" unknown. */
  async function enquire(product: Product, path: string): Promise<ProviderReport> {
    const response = await call({ method: 'GET', path, retry: true });
    const envelope = envelopeOf(response.body);
    if (envelope && hasCode(envelope, NOT_FOUND_CODES) && response.status < 500) return { status: 'unknown' };
    const transaction = asRecord(asRecord(asRecord(response.body)?.data)?.transaction);
    const status = transaction?.status;
    if (response.status >= 200 && response.status < 300 && envelope && transaction) {
      const message = typeof transaction.message === 'string' ? transaction.message : null;
      switch (status) {
        case 'TIP': // in progress
        case 'TA': // ambiguous: Airtel itself does not know yet
          return { status: 'pending' };
        case 'TS': {
          const reference = transaction.airtel_money_id;
          return typeof reference === 'string' && reference !== ''
            ? { status: 'successful', providerReference: reference }
            : { status: 'successful' };
        }
        case 'TF':
          return {
            status: 'failed',
            message: product === 'collection' ? paymentFailure(envelope, message) : payoutFailure(envelope, message),
            providerCode: providerCodeOf(envelope.responseCode) ?? 'TF',
          };
        case 'TE': // expired: the payer never answered the prompt
          return {
            status: 'failed',
            message: product === 'collection' ? PAYMENT_MESSAGES.expired : PAYOUT_FAILURES.refused,
            providerCode: providerCodeOf(envelope.responseCode) ?? 'TE',
          };
      }
    }
    const named = typeof status === 'string' && /^[A-Z]{1,5}$/.test(status) ? `, transaction status ${status}` : '';
    throw new Error(`Airtel Money: GET ${path} answered ${response.status} without a usable answer${named}${codesOf(envelope)}`);
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
      const id = asRecord(asRecord(body)?.transaction)?.id;
      return typeof id === 'string' && id.length >= 1 && id.length <= 100 ? id : null;
    },
  };
}

/** `2567XXXXXXXX` as Airtel wants it, without the country code: `7XXXXXXXX`. */
function localNumber(msisdn: string | null): string {
  if (!msisdn || !/^2567\d{8}$/.test(msisdn)) throw new Error('Airtel Money: the number is not a Ugandan mobile number');
  return msisdn.slice(3);
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** `expires_in`: seconds, a number or (as on Airtel's staging) a numeric string; null unless positive. */
function secondsOf(value: unknown): number | null {
  const seconds =
    typeof value === 'number' ? value : typeof value === 'string' && /^\d+(\.\d+)?$/.test(value) ? Number(value) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

function envelopeOf(body: unknown): Envelope | null {
  const status = asRecord(asRecord(body)?.status);
  if (!status) return null;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const success =
    status.success === true || status.success === 'true'
      ? true
      : status.success === false || status.success === 'false'
        ? false
        : null;
  return {
    success,
    responseCode: text(status.response_code),
    resultCode: text(status.result_code),
    message: text(status.message),
  };
}

function hasCode(envelope: Envelope, codes: Set<string>): boolean {
  return (
    (envelope.responseCode !== null && codes.has(envelope.responseCode)) ||
    (envelope.resultCode !== null && codes.has(envelope.resultCode))
  );
}

/** Airtel's codes for an error message: codes only, never its free text (which could echo what we sent). */
function codesOf(envelope: Envelope | null): string {
  const codes = [envelope?.responseCode, envelope?.resultCode].filter(
    (code): code is string => !!code && /^[A-Z0-9]{1,20}$/.test(code),
  );
  return codes.length > 0 ? ` (${codes.join(', ')})` : '';
}

/** The specific code's reason, else the first of Airtel's messages that names one, else the generic one. */
function failureOf(
  codes: Record<string, string>,
  words: Array<[RegExp, string]>,
  fallback: string,
  envelope: Envelope,
  transactionMessage: string | null,
): string {
  for (const code of [envelope.responseCode, envelope.resultCode]) {
    const mapped = code ? codes[code] : undefined;
    if (mapped) return mapped;
  }
  for (const text of [transactionMessage, envelope.message]) {
    const found = text ? words.find(([pattern]) => pattern.test(text)) : undefined;
    if (found) return found[1];
  }
  return fallback;
}

const paymentFailure = (envelope: Envelope, transactionMessage: string | null) =>
  failureOf(PAYMENT_FAILURE_CODES, PAYMENT_FAILURE_WORDS, PAYMENT_MESSAGES.providerDeclined, envelope, transactionMessage);

const payoutFailure = (envelope: Envelope, transactionMessage: string | null) =>
  failureOf(PAYOUT_FAILURE_CODES, PAYOUT_FAILURE_WORDS, PAYOUT_FAILURES.refused, envelope, transactionMessage);
