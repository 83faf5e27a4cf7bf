import { randomBytes } from 'node:crypto';
import type { AirtelSettings } from '../modules/money/providers/rails/airtel.ts';
import {
  type AirtelHolder,
  airtelMoneyId,
  asRecord,
  CODES,
  envelope,
  gatewayRefusal,
  invalidToken,
  type Product,
  productRefusal,
  type Reply,
  refusal,
  userEnquiry,
} from './fake-airtel-replies.ts';
import { listenLocally } from './local-server.ts';

/** A collection (USSD push) or disbursement the fake took, by its transaction id. */
type AirtelRecord = {
  product: 'collection' | 'disbursement';
  id: string;
  /** The JSON body as sent. */
  body: any;
  /** TIP in progress, TS successful, TF failed, TE expired (Airtel's `data.transaction.status`). */
  status: 'TIP' | 'TS' | 'TF' | 'TE';
  /** The enquiry's `status.response_code`: DP...1006 in process, DP...1001 success, else the failure's code. */
  responseCode: string;
  /** The enquiry's `data.transaction.message`. */
  message: string;
  /** Airtel's own id, given only once successful (TS). */
  airtelMoneyId: string | null;
};

/**
 * What a faulty Airtel does to one request. Before anything is recorded: answer 500 or 503; refuse the token (401, or
 * 403 `invalid_token` as Airtel's gateway does); never answer (`hang`); answer 200 with a body that is not JSON
 * (`malformed`); or answer with a given code (`{ code }`): a ROUTER code bare as the gateway sends it (HTTP 400 unless
 * `status` says otherwise), any other in Airtel's envelope with `success: false` (HTTP 200 unless `status` says
 * otherwise). `record-then-hang` takes the request as Airtel would (a payment or payout is recorded) and then never
 * answers, so the client times out not knowing.
 */
export type AirtelFault =
  | 500
  | 503
  | 401
  | 403
  | 'hang'
  | 'malformed'
  | 'record-then-hang'
  | { code: string; status?: number; message?: string };

type FaultKind = 'token' | 'payment' | 'disbursement' | 'status' | 'user';

export type FakeAirtel = {
  /** `http://127.0.0.1:<port>`, Airtel's base URL. */
  url: string;
  /**
   * Settings pointing at the fake with its client credentials and encrypted PIN: country UG, currency UGX, and small
   * timeouts (300 ms, 2 retries, 5 ms apart).
   */
  settings(overrides?: Partial<AirtelSettings>): AirtelSettings;
  /** Where complete(…, { callback: true }) posts Airtel's callback: one URL, set in Airtel's portal, not per request. */
  callbackUrl: string | null;
  /** Every request, in order: header names lower-case, body parsed as JSON (its raw text when not JSON, null if empty). */
  requests: Array<{ method: string; path: string; headers: Record<string, string>; body: unknown }>;
  /** By transaction id; a test may change a record. */
  records: Map<string, AirtelRecord>;
  tokensIssued: number;
  /** The `expires_in` of the next tokens, in seconds (fractions allowed, for fast tests); default 180, as Airtel's staging. */
  tokenTtlSeconds: number;
  /** Tokens issued so far are refused from now on (403 `invalid_token`, as an expired one). */
  revokeTokens(): void;
  /** Queued: the next matching requests get these faults, in order (`status` is a GET of either product). */
  fault(kind: FaultKind, ...faults: AirtelFault[]): void;
  /**
   * Makes a record final. With `callback: true` it posts Airtel's callback to callbackUrl and answers that response's
   * status; null when there is no callback URL or none was asked.
   */
  complete(
    id: string,
    outcome: 'TS' | { status: 'TF' | 'TE'; responseCode?: string; message?: string },
    options?: { callback?: boolean },
  ): Promise<number | null>;
  /** The subscribers the user enquiry knows, by number without the country code (`7XXXXXXXX`); others are unknown. */
  holders: Map<string, AirtelHolder>;
  close(): Promise<void>;
};

/** A local HTTP server speaking Airtel Money Africa's open API (token, USSD push, disbursement, enquiries), for tests. */
export async function startFakeAirtel(): Promise<FakeAirtel> {
  const clientId = `sente-${randomBytes(8).toString('hex')}`;
  const clientSecret = randomBytes(24).toString('hex');
  // What Airtel's portal gives for the encrypted PIN: an RSA ciphertext in base64. The fake compares it as it is.
  const encryptedPin = randomBytes(128).toString('base64');
  /** Tokens by value, until when they are good. revokeTokens() forgets them all. */
  const tokens = new Map<string, number>();
  const faults: Record<FaultKind, AirtelFault[]> = { token: [], payment: [], disbursement: [], status: [], user: [] };

  const fake = {
    url: '',
    callbackUrl: null as string | null,
    requests: [] as FakeAirtel['requests'],
    records: new Map<string, AirtelRecord>(),
    tokensIssued: 0,
    tokenTtlSeconds: 180,
    holders: new Map<string, AirtelHolder>(),
  };

  function issueToken(body: unknown): Reply {
    const credentials = asRecord(body);
    if (
      credentials?.grant_type !== 'client_credentials' ||
      credentials.client_id !== clientId ||
      credentials.client_secret !== clientSecret
    ) {
      return { status: 400, body: { error_description: 'Invalid client authentication', error: 'invalid_client' } };
    }
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, Date.now() + fake.tokenTtlSeconds * 1000);
    fake.tokensIssued += 1;
    // expires_in as a numeric string, as Airtel's staging answers it.
    return { status: 200, body: { access_token: token, expires_in: String(fake.tokenTtlSeconds), token_type: 'bearer' } };
  }

  /** What Airtel's gateway checks on every call: a good Bearer token, then the X-Country and X-Currency headers. */
  function authorize(headers: Record<string, string>): Reply | null {
    const bearer = /^Bearer (.+)$/i.exec(headers.authorization ?? '')?.[1];
    const until = bearer ? tokens.get(bearer) : undefined;
    if (until === undefined || Date.now() >= until) return invalidToken;
    if (!headers['x-country']) return gatewayRefusal(400, 'Missing header/body params', 'ROUTER003');
    if (!/^[A-Z]{2}$/.test(headers['x-country'])) return gatewayRefusal(400, 'Invalid Country', 'ROUTER006');
    if (!/^[A-Z]{3}$/.test(headers['x-currency'] ?? '')) return gatewayRefusal(400, 'Invalid/Missing Currency', 'ROUTER119');
    return null;
  }

  /** The answer to a transaction id already taken: Airtel takes nothing more, and the first transaction stands. */
  function duplicate(product: Product): Reply {
    // A collection: ESB000041 "External Transaction ID already exists", with Refused as its product code, so that an
    // adapter must recognise the ESB code rather than read a refusal. A disbursement: DP00900001011 "Transaction with
    // similar information already exists in this system", alone (github.com/global-121/121-platform reads it so).
    return product === 'collection'
      ? refusal('External Transaction ID already exists.', 'ESB000041', CODES.collection.refused)
      : productRefusal(200, 'Transaction with similar information already exists in this system.', 'DP00900001011');
  }

  /** A USSD push or disbursement: checked as Airtel does, then recorded in progress (TIP). */
  function create(product: Product, headers: Record<string, string>, body: unknown): Reply {
    const codes = CODES[product];
    const request = asRecord(body);
    const transaction = asRecord(request?.transaction);
    const party = asRecord(product === 'collection' ? request?.subscriber : request?.payee);
    if (!request || !transaction || !party || typeof request.reference !== 'string' || request.reference === '') {
      return refusal('Missing header/body params', 'ESB000008', codes.refused);
    }
    if (typeof transaction.id !== 'string' || transaction.id === '') {
      return refusal('Field validation: transaction.id is mandatory', 'ESB000008', codes.refused);
    }
    // "Do not send country code in msisdn": Uganda's numbers without 256 have 9 digits.
    if (typeof party.msisdn !== 'string' || !/^\d{9}$/.test(party.msisdn)) {
      return refusal('Invalid MSISDN Length. MSISDN Length should be 9', 'ESB000033', codes.notPermitted);
    }
    if (product === 'collection') {
      for (const where of [party, transaction]) {
        if (where.country !== headers['x-country']) return refusal('Invalid Country Name', 'ESB000034', codes.refused);
        if (where.currency !== headers['x-currency']) return refusal('Invalid Currency Code', 'ESB000035', codes.refused);
      }
    } else {
      // A v1 body has only payee.msisdn, reference, pin, transaction.amount and transaction.id (121-platform's
      // AirtelDisbursementV1PayloadDto); wallet_type and type are checked only when sent.
      if (party.wallet_type !== undefined && party.wallet_type !== 'NORMAL' && party.wallet_type !== 'SALARY') {
        return refusal('Field validation: payee.wallet_type', 'ESB000008', codes.refused);
      }
      if (transaction.type !== undefined && transaction.type !== 'B2C' && transaction.type !== 'B2B') {
        return refusal('Field validation: transaction.type', 'ESB000008', codes.refused);
      }
      if (request.pin !== encryptedPin) return gatewayRefusal(400, 'Incorrect Encrypted Pin', 'ROUTER116');
    }
    if (typeof transaction.amount !== 'number' || !(transaction.amount > 0)) {
      return refusal('Invalid Amount', 'ESB000008', codes.invalidAmount);
    }
    if (fake.records.has(transaction.id)) return duplicate(product);
    fake.records.set(transaction.id, {
      product,
      id: transaction.id,
      body,
      status: 'TIP',
      responseCode: codes.inProcess,
      message: 'Transaction in progress',
      airtelMoneyId: null,
    });
    const success = { code: '200', message: 'SUCCESS', resultCode: 'ESB000010', responseCode: codes.inProcess, success: true };
    // The documented USSD push answer carries `"id": false` and status SUCCESS: it only says the push was sent.
    return product === 'collection'
      ? envelope(success, { transaction: { id: false, status: 'SUCCESS' } })
      : envelope(success, { transaction: { reference_id: null, airtel_money_id: null, id: transaction.id, status: 'TIP' } });
  }

  /** A transaction enquiry: the record's status, or Airtel's "Transaction Not Found". */
  function lookUp(product: Product, id: string): Reply {
    const record = fake.records.get(id);
    if (!record || record.product !== product) {
      return envelope({
        code: '404',
        message: 'Transaction Not Found',
        resultCode: 'ESB000045',
        responseCode: CODES[product].notFound,
        success: false,
      });
    }
    return envelope(
      { code: '200', message: 'SUCCESS', resultCode: 'ESB000010', responseCode: record.responseCode, success: true },
      {
        transaction: {
          airtel_money_id: record.airtelMoneyId,
          id: record.id,
          message: record.message,
          status: record.status,
        },
      },
    );
  }

  /** The route a request takes, with the fault kind it may draw; null when the path is not one of Airtel's. */
  function route(method: string, path: string): { kind: FaultKind; product: Product | null; id: string | null } | null {
    if (method === 'POST' && path === '/auth/oauth2/token') return { kind: 'token', product: null, id: null };
    if (method === 'POST' && path === '/merchant/v1/payments') return { kind: 'payment', product: 'collection', id: null };
    if (method === 'POST' && path === '/standard/v1/disbursements')
      return { kind: 'disbursement', product: 'disbursement', id: null };
    const user = /^\/standard\/v1\/users\/([^/]+)$/.exec(path);
    if (method === 'GET' && user) return { kind: 'user', product: null, id: decodeURIComponent(user[1]!) };
    const get = /^\/standard\/v1\/(payments|disbursements)\/([^/]+)$/.exec(path);
    if (method === 'GET' && get) {
      return { kind: 'status', product: get[1] === 'payments' ? 'collection' : 'disbursement', id: decodeURIComponent(get[2]!) };
    }
    return null;
  }

  function answer(method: string, path: string, headers: Record<string, string>, body: unknown): Reply | 'hang' {
    const target = route(method, path);
    if (!target) return { status: 404, body: { error: 'Not Found' } };
    const fault = faults[target.kind].shift();
    if (fault === 'hang') return 'hang';
    if (fault === 'malformed') return { status: 200, raw: '{not json' };
    if (fault === 401) return { ...invalidToken, status: 401 };
    if (fault === 403) return invalidToken;
    if (typeof fault === 'object') {
      const message = fault.message ?? `Fault ${fault.code}`;
      return fault.code.startsWith('ROUTER')
        ? gatewayRefusal(fault.status ?? 400, message, fault.code)
        : productRefusal(fault.status ?? 200, message, fault.code);
    }
    if (fault === 500 || fault === 503) return { status: fault, body: { error: 'Service Unavailable' } };
    const reply = serve(target, headers, body);
    return fault === 'record-then-hang' ? 'hang' : reply;
  }

  /** What Airtel does with a request that draws no fault. */
  function serve(target: NonNullable<ReturnType<typeof route>>, headers: Record<string, string>, body: unknown): Reply {
    if (target.kind === 'token') return issueToken(body);
    const denied = authorize(headers);
    if (denied) return denied;
    if (target.kind === 'user') return userEnquiry(fake.holders, target.id!);
    if (target.id !== null) return lookUp(target.product!, target.id);
    return create(target.product!, headers, body);
  }

  const local = await listenLocally(({ method, url, headers, body }, response) => {
    // Airtel's paths end in a slash for the POSTs (`/merchant/v1/payments/`); both spellings are taken.
    const path = url.split('?')[0]!.replace(/(.)\/+$/, '$1');
    fake.requests.push({ method, path: url, headers, body });
    const reply = answer(method, path, headers, body);
    if (reply === 'hang') return; // close() ends the connection
    const payload = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
    response.writeHead(reply.status, payload ? { 'content-type': 'application/json' } : {}).end(payload);
  });
  fake.url = local.url;

  return Object.assign(fake, {
    settings: (overrides: Partial<AirtelSettings> = {}): AirtelSettings => ({
      baseUrl: fake.url,
      clientId,
      clientSecret,
      country: 'UG',
      currency: 'UGX',
      disbursementPin: encryptedPin,
      timeoutMs: 300,
      retries: 2,
      retryDelayMs: 5,
      ...overrides,
    }),
    revokeTokens: () => tokens.clear(),
    fault: (kind: FaultKind, ...more: AirtelFault[]) => {
      faults[kind].push(...more);
    },
    async complete(
      id: string,
      outcome: 'TS' | { status: 'TF' | 'TE'; responseCode?: string; message?: string },
      options: { callback?: boolean } = {},
    ): Promise<number | null> {
      const record = fake.records.get(id);
      if (!record) throw new Error(`fake Airtel: no transaction ${id}`);
      const codes = CODES[record.product];
      if (outcome === 'TS') {
        record.status = 'TS';
        record.responseCode = codes.success;
        record.airtelMoneyId = airtelMoneyId(record.product);
        record.message = `Transaction Successful. Trans ID ${record.airtelMoneyId}`;
      } else {
        record.status = outcome.status;
        record.responseCode = outcome.responseCode ?? (outcome.status === 'TE' ? codes.expired : codes.failed);
        record.message = outcome.message ?? (outcome.status === 'TE' ? 'Transaction has been expired' : 'Transaction failed');
        record.airtelMoneyId = null;
      }
      if (!options.callback || !fake.callbackUrl) return null;
      // Airtel's callback names only TS and TF; an expired transaction is reported failed.
      const callback = {
        transaction: {
          id: record.id,
          message: record.message,
          status_code: record.status === 'TS' ? 'TS' : 'TF',
          airtel_money_id: record.airtelMoneyId,
        },
      };
      const response = await fetch(fake.callbackUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(callback),
        signal: AbortSignal.timeout(5_000),
      });
      await response.arrayBuffer();
      return response.status;
    },
    close: local.close,
  });
}
