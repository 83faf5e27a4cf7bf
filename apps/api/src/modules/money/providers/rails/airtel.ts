import { type ChargeAccepted, type PaymentProvider, ProviderRefused, type ProviderReport } from '../provider.ts';
import { answerOf, callbackSchema, enquirySchema, oauthErrorSchema, reportOf, tokenSchema } from './airtel-answers.ts';
import {
  type AirtelProduct,
  AMBIGUOUS_CODES,
  DUPLICATE_CODES,
  GATEWAY_REFUSALS,
  NOT_FOUND_CODES,
  PRODUCT_REFUSALS,
  paymentFailure,
  payoutFailure,
} from './airtel-codes.ts';
import { airtelAccountHolder } from './airtel-holder.ts';
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

/** Airtel Money Africa as a PaymentProvider: collections from, and payouts to, Airtel numbers. */
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
  async function initiate(product: AirtelProduct, path: string, id: string, json: unknown): Promise<ChargeAccepted> {
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
  async function enquire(product: AirtelProduct, path: string): Promise<ProviderReport> {
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

    accountHolder: (msisdn) => airtelAccountHolder(call, msisdn),

    async checkCredentials() {
      // A new token, not the cached one: the client credentials themselves are checked.
      await requestToken();
    },
  };
}

/** `2567XXXXXXXX` as Airtel wants it, without the country code: `7XXXXXXXX`. */
function localNumber(msisdn: string | null): string {
  if (!msisdn || !/^2567\d{8}$/.test(msisdn)) throw new Error('Airtel Money: the number is not a Ugandan mobile number');
  return msisdn.slice(3);
}
