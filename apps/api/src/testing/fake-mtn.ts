import { randomBytes, randomUUID } from 'node:crypto';
import type { MtnProduct, MtnSettings } from '../modules/money/providers/rails/mtn.ts';
import { listenLocally } from './local-server.ts';

/** A requesttopay (collection) or transfer (disbursement) the fake took, by its X-Reference-Id. */
export type MtnRecord = {
  product: 'collection' | 'disbursement';
  referenceId: string;
  /** The JSON body as sent. */
  body: any;
  /** The X-Callback-Url header, where complete(…, { callback: true }) sends MTN's callback. */
  callbackUrl: string | null;
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  reason: string | null;
  financialTransactionId: string | null;
};

/**
 * What a faulty MTN does to one request: answer 500, 503 or 401, never answer (`hang`, before anything is recorded),
 * answer 200 with a body that is not JSON (`malformed`), or take the request and then never answer
 * (`record-then-hang`: the request got through but its answer was lost; on a token or status request it is `hang`).
 * `{ code }`: answer 500 with that code and record nothing, as MTN answers our own setup errors (NOT_ALLOWED,
 * NOT_ALLOWED_TARGET_ENVIRONMENT, INVALID_CALLBACK_URL_HOST, INVALID_CURRENCY: MTN's common errors page,
 * momodevelopercommunity.mtn.com/errors-46/momo-api-common-errors-82).
 */
type MtnFault = 500 | 503 | 401 | 'hang' | 'malformed' | 'record-then-hang' | { code: string };

type FaultKind = 'token' | 'requesttopay' | 'transfer' | 'status' | 'holder';

/** Who holds a number, as the fake's account-holder calls answer: a name, or an account that is not active. */
type MtnHolder = { given_name: string; family_name: string } | 'not_registered';

export type FakeMtn = {
  /** `http://127.0.0.1:<port>`, MTN's base URL. */
  url: string;
  /**
   * Settings pointing at the fake with its credentials for both products: currency UGX, target environment `sandbox`,
   * no callback URL, and small timeouts (300 ms, 2 retries, 5 ms apart).
   */
  settings(overrides?: Partial<MtnSettings>): MtnSettings;
  /** Every request, in order: header names lower-case, body parsed as JSON (its raw text when not JSON, null if empty). */
  requests: Array<{ method: string; path: string; headers: Record<string, string>; body: unknown }>;
  /** By X-Reference-Id; a test may change a record (e.g. a FAILED status without a reason). */
  records: Map<string, MtnRecord>;
  tokensIssued: number;
  /** The `expires_in` of the next tokens, in seconds (fractions allowed, for fast tests); default 3600. */
  tokenTtlSeconds: number;
  /** Answers FAILED reasons as the older `{ code, message }` object instead of the code string; default false. */
  reasonAsObject: boolean;
  /** Tokens issued so far answer 401 from now on. */
  revokeTokens(): void;
  /** Queued: the next matching requests get these faults, in order (`status` is a GET of either product). */
  fault(kind: FaultKind, ...faults: MtnFault[]): void;
  /** Queued: the next requesttopay or transfer is refused with 400 `{ code, message }` (e.g. PAYER_NOT_FOUND), unrecorded. */
  refuse(kind: 'requesttopay' | 'transfer', code: string): void;
  /**
   * Makes a record final. With `callback: true` it sends MTN's callback (a PUT whose JSON body is the status answer)
   * to the record's callback URL, twice (MTN's users report callbacks that come twice, and none retried), and answers
   * the two responses' statuses; null when there is no callback URL or none was asked.
   */
  complete(
    referenceId: string,
    outcome: 'SUCCESSFUL' | { reason: string },
    options?: { callback?: boolean },
  ): Promise<number[] | null>;
  /**
   * The next `times` status asks of a reference MTN took (202) answer 404 RESOURCE_NOT_FOUND, as MTN's users report
   * for a while after the 202; then it answers as usual.
   */
  notFoundFor(referenceId: string, times: number): void;
  /** From now on the status answer (and callback) of a record names this amount and/or currency, not the ones sent. */
  misreport(referenceId: string, reported: { amount?: string; currency?: string }): void;
  /**
   * The account holders the basicuserinfo and active calls know, by `2567XXXXXXXX` number; a number not set here is
   * not an active account. `holder` faults apply to both calls.
   */
  holders: Map<string, MtnHolder>;
  close(): Promise<void>;
};

/** MTN wants a version 4 UUID in X-Reference-Id, and answers 400 to anything else (the common errors page above). */
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** The fake is MTN's sandbox: this is the only target environment it serves. */
const TARGET_ENVIRONMENT = 'sandbox';

/** Live takes UGX and the sandbox EUR; the fake takes both, so tests may use either (anything else: INVALID_CURRENCY). */
const CURRENCIES = new Set(['UGX', 'EUR']);

const PARTY_ID_TYPES = new Set(['MSISDN', 'EMAIL', 'PARTY_CODE']);

type Reply = { status: number; body?: unknown; raw?: string };

const mtnError = (status: number, code: string, message: string): Reply => ({ status, body: { code, message } });

/** APIM (the gateway in front of MTN) answers in its own shape, without MTN's `code`. */
const gatewayError = (status: number, message: string): Reply => ({ status, body: { statusCode: status, message } });

/** A local HTTP server speaking the MTN MoMo Open API (token, requesttopay, transfer and their status), for tests. */
export async function startFakeMtn(): Promise<FakeMtn> {
  const credentials: Record<MtnRecord['product'], MtnProduct> = {
    collection: {
      subscriptionKey: randomBytes(16).toString('hex'),
      apiUser: randomUUID(),
      apiKey: randomBytes(16).toString('hex'),
    },
    disbursement: {
      subscriptionKey: randomBytes(16).toString('hex'),
      apiUser: randomUUID(),
      apiKey: randomBytes(16).toString('hex'),
    },
  };
  /** Tokens by value: which product they were issued for, until when, and whether revokeTokens() took them back. */
  const tokens = new Map<string, { product: MtnRecord['product']; expiresAt: number; revoked: boolean }>();
  const faults: Record<FaultKind, MtnFault[]> = { token: [], requesttopay: [], transfer: [], status: [], holder: [] };
  const refusals: Record<'requesttopay' | 'transfer', string[]> = { requesttopay: [], transfer: [] };
  /** notFoundFor: how many more status asks of a reference answer 404. */
  const notFound = new Map<string, number>();
  /** misreport: what a record's status answer names instead of what was sent. */
  const misreported = new Map<string, { amount?: string; currency?: string }>();

  const fake = {
    url: '',
    requests: [] as FakeMtn['requests'],
    records: new Map<string, MtnRecord>(),
    tokensIssued: 0,
    tokenTtlSeconds: 3600,
    reasonAsObject: false,
    holders: new Map<string, MtnHolder>(),
  };

  /** The status answer (and callback body): what MTN shows of a requesttopay or transfer. */
  function statusBody(record: MtnRecord) {
    const party = record.product === 'collection' ? { payer: record.body.payer } : { payee: record.body.payee };
    const reported = misreported.get(record.referenceId);
    return {
      amount: reported?.amount ?? record.body.amount,
      currency: reported?.currency ?? record.body.currency,
      ...(record.financialTransactionId ? { financialTransactionId: record.financialTransactionId } : {}),
      externalId: record.body.externalId,
      ...party,
      payerMessage: record.body.payerMessage,
      payeeNote: record.body.payeeNote,
      status: record.status,
      ...(record.status === 'FAILED' && record.reason
        ? { reason: fake.reasonAsObject ? { code: record.reason, message: `${record.reason} (fake)` } : record.reason }
        : {}),
    };
  }

  function issueToken(product: MtnRecord['product'], headers: Record<string, string>): Reply {
    const expected = credentials[product];
    if (headers['ocp-apim-subscription-key'] !== expected.subscriptionKey) {
      return gatewayError(401, 'Access denied due to invalid subscription key.');
    }
    const basic = `Basic ${Buffer.from(`${expected.apiUser}:${expected.apiKey}`).toString('base64')}`;
    if (headers.authorization !== basic) return { status: 401, body: { error: 'login_failed' } };
    const token = randomBytes(24).toString('base64url');
    tokens.set(token, { product, expiresAt: Date.now() + fake.tokenTtlSeconds * 1000, revoked: false });
    fake.tokensIssued += 1;
    return { status: 200, body: { access_token: token, token_type: 'access_token', expires_in: fake.tokenTtlSeconds } };
  }

  /** What MTN checks on every call after the token: subscription key, Bearer token and target environment. */
  function authorize(product: MtnRecord['product'], headers: Record<string, string>): Reply | null {
    if (headers['ocp-apim-subscription-key'] !== credentials[product].subscriptionKey) {
      return gatewayError(401, 'Access denied due to invalid subscription key.');
    }
    const bearer = /^Bearer (.+)$/.exec(headers.authorization ?? '')?.[1];
    const token = bearer ? tokens.get(bearer) : undefined;
    if (!token || token.revoked || token.product !== product || Date.now() >= token.expiresAt) {
      return gatewayError(401, 'Access denied due to invalid or expired access token.');
    }
    if (headers['x-target-environment'] !== TARGET_ENVIRONMENT) {
      return mtnError(400, 'NOT_ALLOWED_TARGET_ENVIRONMENT', 'Access to target environment is forbidden.');
    }
    return null;
  }

  /** A requesttopay or transfer: validated as MTN does, then recorded PENDING (202), or 409 on a reused reference id. */
  function create(product: MtnRecord['product'], headers: Record<string, string>, body: unknown, recordOnly: boolean): Reply {
    const denied = authorize(product, headers);
    if (denied) return denied;
    const referenceId = headers['x-reference-id'] ?? '';
    if (!UUID_V4.test(referenceId)) return gatewayError(400, 'X-Reference-Id must be a version 4 UUID');
    const kind = product === 'collection' ? 'requesttopay' : 'transfer';
    const refusal = refusals[kind].shift();
    if (refusal) return mtnError(400, refusal, `Refused by the fake (${refusal})`);
    if (fake.records.has(referenceId)) {
      return mtnError(409, 'RESOURCE_ALREADY_EXIST', 'Duplicated reference id. Creation of resource failed.');
    }
    const party = product === 'collection' ? 'payer' : 'payee';
    const valid =
      typeof body === 'object' &&
      body !== null &&
      typeof (body as any).amount === 'string' &&
      /^\d+(\.\d+)?$/.test((body as any).amount) &&
      typeof (body as any).currency === 'string' &&
      typeof (body as any).externalId === 'string' &&
      PARTY_ID_TYPES.has((body as any)[party]?.partyIdType) &&
      typeof (body as any)[party]?.partyId === 'string';
    if (!valid) return gatewayError(400, 'The request body is not valid');
    if (!CURRENCIES.has((body as any).currency)) return mtnError(400, 'INVALID_CURRENCY', 'Currency not supported.');
    fake.records.set(referenceId, {
      product,
      referenceId,
      body,
      callbackUrl: headers['x-callback-url'] ?? null,
      status: 'PENDING',
      reason: null,
      financialTransactionId: null,
    });
    return recordOnly ? { status: -1 } : { status: 202 };
  }

  function lookUp(product: MtnRecord['product'], headers: Record<string, string>, referenceId: string): Reply {
    const denied = authorize(product, headers);
    if (denied) return denied;
    const record = fake.records.get(referenceId);
    const hidden = notFound.get(referenceId) ?? 0;
    if (hidden > 0) notFound.set(referenceId, hidden - 1);
    if (!record || record.product !== product || hidden > 0) {
      return mtnError(404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
    }
    return { status: 200, body: statusBody(record) };
  }

  /**
   * The Disbursement product's account-holder calls. basicuserinfo answers as MTN's docs show it
   * (MTN-Group/MoMoAPIs_Android_sdk docs/collection/getBasicUserInfo.md), or MTN's 404 RESOURCE_NOT_FOUND for a number
   * that is not an active account; active answers `{ result }`, as the mtn-momo client's isPayerActive reads it.
   */
  function holder(headers: Record<string, string>, msisdn: string, call: string): Reply {
    const denied = authorize('disbursement', headers);
    if (denied) return denied;
    const known = fake.holders.get(msisdn);
    if (call === 'active') return { status: 200, body: { result: known !== undefined && known !== 'not_registered' } };
    if (known === undefined || known === 'not_registered') {
      return mtnError(404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
    }
    return {
      status: 200,
      body: {
        sub: '0',
        name: `${known.given_name} ${known.family_name}`,
        given_name: known.given_name,
        family_name: known.family_name,
        birthdate: '1990-01-01',
        locale: 'en_UG',
        gender: 'MALE',
        updated_at: Math.floor(Date.now() / 1000),
      },
    };
  }

  /** The route a request takes, with the fault kind it may draw; null when the path is not one of MTN's. */
  function route(method: string, path: string) {
    const token = /^\/(collection|disbursement)\/token\/$/.exec(path);
    if (method === 'POST' && token) return { kind: 'token' as const, product: token[1] as MtnRecord['product'], id: null };
    if (method === 'POST' && path === '/collection/v1_0/requesttopay') {
      return { kind: 'requesttopay' as const, product: 'collection' as const, id: null };
    }
    if (method === 'POST' && path === '/disbursement/v1_0/transfer') {
      return { kind: 'transfer' as const, product: 'disbursement' as const, id: null };
    }
    const holderPath = /^\/disbursement\/v1_0\/accountholder\/msisdn\/([^/]+)\/(basicuserinfo|active)$/.exec(path);
    if (method === 'GET' && holderPath) {
      return { kind: 'holder' as const, product: 'disbursement' as const, id: `${holderPath[2]}:${holderPath[1]}` };
    }
    const get = /^\/(?:collection\/v1_0\/requesttopay|disbursement\/v1_0\/transfer)\/([^/]+)$/.exec(path);
    if (method === 'GET' && get) {
      const product = path.startsWith('/collection/') ? ('collection' as const) : ('disbursement' as const);
      return { kind: 'status' as const, product, id: decodeURIComponent(get[1]!) };
    }
    return null;
  }

  const local = await listenLocally(({ method, url: path, headers, body }, response) => {
    fake.requests.push({ method, path, headers, body });

    const answer = (reply: Reply) => {
      if (reply.raw !== undefined) {
        response.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.raw);
      } else if (reply.body === undefined) {
        response.writeHead(reply.status).end();
      } else {
        response.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
      }
    };

    const target = route(method, path);
    if (!target) return answer(gatewayError(404, 'Resource not found'));
    const fault = faults[target.kind].shift();
    if (fault === 'hang') return;
    if (fault === 'malformed') return answer({ status: 200, raw: '{not json' });
    if (fault === 500) return answer(mtnError(500, 'INTERNAL_PROCESSING_ERROR', 'An internal error occurred.'));
    if (fault === 503) return answer(mtnError(503, 'SERVICE_UNAVAILABLE', 'Service unavailable.'));
    if (fault === 401) return answer(gatewayError(401, 'Access denied due to invalid or expired access token.'));
    if (typeof fault === 'object') return answer(mtnError(500, fault.code, `Refused by the fake (${fault.code})`));

    if (target.kind === 'token') {
      if (fault === 'record-then-hang') return;
      return answer(issueToken(target.product, headers));
    }
    if (target.kind === 'holder') {
      if (fault === 'record-then-hang') return;
      const [call, msisdn] = target.id!.split(':') as [string, string];
      return answer(holder(headers, decodeURIComponent(msisdn), call));
    }
    if (target.kind === 'status') {
      if (fault === 'record-then-hang') return;
      return answer(lookUp(target.product, headers, target.id!));
    }
    const reply = create(target.product, headers, body, fault === 'record-then-hang');
    // Recorded, and the answer lost: the client times out (its retry then meets 409).
    if (reply.status === -1) return;
    answer(reply);
  });
  fake.url = local.url;

  return Object.assign(fake, {
    settings: (overrides: Partial<MtnSettings> = {}): MtnSettings => ({
      baseUrl: fake.url,
      targetEnvironment: TARGET_ENVIRONMENT,
      currency: 'UGX',
      callbackUrl: null,
      collection: { ...credentials.collection },
      disbursement: { ...credentials.disbursement },
      timeoutMs: 300,
      retries: 2,
      retryDelayMs: 5,
      ...overrides,
    }),
    revokeTokens: () => {
      for (const token of tokens.values()) token.revoked = true;
    },
    fault: (kind: FaultKind, ...more: MtnFault[]) => {
      faults[kind].push(...more);
    },
    refuse: (kind: 'requesttopay' | 'transfer', code: string) => {
      refusals[kind].push(code);
    },
    complete: async (
      referenceId: string,
      outcome: 'SUCCESSFUL' | { reason: string },
      options: { callback?: boolean } = {},
    ): Promise<number[] | null> => {
      const record = fake.records.get(referenceId);
      if (!record) throw new Error(`the fake MTN has no record ${referenceId}`);
      if (outcome === 'SUCCESSFUL') {
        record.status = 'SUCCESSFUL';
        record.reason = null;
        record.financialTransactionId = String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999));
      } else {
        record.status = 'FAILED';
        record.reason = outcome.reason;
        record.financialTransactionId = null;
      }
      const callbackUrl = record.callbackUrl;
      if (!options.callback || !callbackUrl) return null;
      // MTN never retries a callback, and may send it twice; it does not sign it.
      const send = async () => {
        const callback = await fetch(callbackUrl, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(statusBody(record)),
          signal: AbortSignal.timeout(5_000),
        });
        await callback.arrayBuffer();
        return callback.status;
      };
      return [await send(), await send()];
    },
    notFoundFor: (referenceId: string, times: number) => {
      notFound.set(referenceId, times);
    },
    misreport: (referenceId: string, reported: { amount?: string; currency?: string }) => {
      misreported.set(referenceId, reported);
    },
    // Hanging requests keep their sockets open: close() ends them, or the server would wait for them.
    close: local.close,
  });
}
