import { PAYMENT_MESSAGES, PAYOUT_FAILURES } from '@sente/contracts/payments';
import { type ChargeAccepted, type PaymentProvider, ProviderRefused, type ProviderReport, providerCodeOf } from '../provider.ts';
import {
  ProviderUnreachable,
  type RailHttpOptions,
  type RailRequest,
  type RailResponse,
  railRequest,
  tokenCache,
} from './http.ts';

/** One MTN MoMo product's credentials (Collection or Disbursement each has its own subscription and API user). */
export type MtnProduct = { subscriptionKey: string; apiUser: string; apiKey: string };

/** How the MTN MoMo Open API adapter reaches MTN. */
export type MtnSettings = {
  /** e.g. https://sandbox.momodeveloper.mtn.com, without a trailing slash. */
  baseUrl: string;
  /** Sent as X-Target-Environment: `sandbox`, or `mtnuganda` live. */
  targetEnvironment: string;
  /** `UGX` live; the sandbox only takes `EUR`. */
  currency: string;
  /** Sent as X-Callback-Url when set; its host must be the one registered for the API user. */
  callbackUrl: string | null;
  /** Collections (requesttopay); null when not subscribed, and then charge and paymentStatus throw. */
  collection: MtnProduct | null;
  /** Payouts (transfer); null when not subscribed, and then payout and payoutStatus throw. */
  disbursement: MtnProduct | null;
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
};

type ProductName = 'collection' | 'disbursement';

/** MTN's X-Reference-Id must be a UUID (v4 in its docs; any version is accepted here, ours are v4 or v7). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A Ugandan number as we store it, which is how MTN wants partyId (international form, no `+`). */
const MSISDN = /^256\d{9}$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The `code` of an MTN error body (`{ code, message }`), when it looks like one of MTN's codes. Only this goes into our
 * error messages: a provider's free text is never echoed, so nothing it might contain reaches a log.
 */
function errorCode(body: unknown): string | null {
  const code = isRecord(body) ? body.code : undefined;
  return typeof code === 'string' && /^[A-Za-z0-9_]{1,64}$/.test(code) ? code : null;
}

/** A FAILED status's reason: MTN sends a code string, or (older API versions) an object `{ code, message }`. */
function reasonCode(reason: unknown): string | null {
  if (typeof reason === 'string') return reason;
  if (isRecord(reason) && typeof reason.code === 'string') return reason.code;
  return null;
}

/** MTN's reason (or refusal code) for a payment, as the payer reads it. */
function paymentMessage(code: string | null): string {
  switch (code) {
    case 'NOT_ENOUGH_FUNDS':
      return PAYMENT_MESSAGES.insufficientBalance;
    case 'APPROVAL_REJECTED':
    case 'TRANSACTION_CANCELED':
      return PAYMENT_MESSAGES.declinedOnPhone;
    case 'EXPIRED':
    case 'PAYMENT_NOT_APPROVED':
      return PAYMENT_MESSAGES.expired;
    case 'PAYER_NOT_FOUND':
      return PAYMENT_MESSAGES.notRegistered;
    case 'PAYER_LIMIT_REACHED':
      return PAYMENT_MESSAGES.limitReached;
    default:
      return PAYMENT_MESSAGES.providerDeclined;
  }
}

/** MTN's reason (or refusal code) for a payout, as the merchant reads it on the transfer. */
function payoutMessage(code: string | null): string {
  switch (code) {
    case 'PAYEE_NOT_FOUND':
      return PAYOUT_FAILURES.notRegistered;
    // On a transfer the account short of money is our own disbursement account, not the payee's.
    case 'NOT_ENOUGH_FUNDS':
      return PAYOUT_FAILURES.floatLow;
    case 'PAYEE_LIMIT_REACHED':
    case 'PAYER_LIMIT_REACHED':
      return PAYOUT_FAILURES.limitReached;
    default:
      return PAYOUT_FAILURES.refused;
  }
}

/** The seconds a token answer's `expires_in` gives (MTN sends a number; some gateways a numeric string), or null. */
function seconds(value: unknown): number | null {
  const parsed =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : null;
}

/**
 * One product's authenticated calls: its token (cached until shortly before expiry) and the headers every call carries.
 * A 401 means the token was revoked or expired early: the call is repeated once with a new token.
 */
function mtnProduct(name: ProductName, credentials: MtnProduct, settings: MtnSettings, http: RailHttpOptions) {
  const basic = Buffer.from(`${credentials.apiUser}:${credentials.apiKey}`).toString('base64');
  const tokens = tokenCache(async () => {
    const response = await railRequest(http, {
      method: 'POST',
      path: `/${name}/token/`,
      headers: { authorization: `Basic ${basic}`, 'ocp-apim-subscription-key': credentials.subscriptionKey },
      // Asking for a token takes nothing: it may be repeated.
      retry: true,
    });
    if (response.status !== 200) {
      const code = errorCode(response.body);
      throw new Error(`MTN MoMo ${name} token: answered ${response.status}${code ? ` (${code})` : ''}`);
    }
    const body = response.body;
    const token = isRecord(body) && typeof body.access_token === 'string' && body.access_token !== '' ? body.access_token : null;
    const expiresInSeconds = isRecord(body) ? seconds(body.expires_in) : null;
    if (token === null || expiresInSeconds === null) throw new Error(`MTN MoMo ${name} token: the answer is not a token`);
    return { token, expiresInSeconds };
  });

  const send = (request: RailRequest, token: string) =>
    railRequest(http, {
      ...request,
      headers: {
        authorization: `Bearer ${token}`,
        'x-target-environment': settings.targetEnvironment,
        'ocp-apim-subscription-key': credentials.subscriptionKey,
        ...request.headers,
      },
    });

  return {
    name,
    /** A new token for this product's API user, for `providers:status --check`. */
    renewToken: () => {
      tokens.invalidate();
      return tokens.get();
    },
    async call(request: RailRequest): Promise<RailResponse> {
      const used = await tokens.get();
      const response = await send(request, used);
      if (response.status !== 401) return response;
      // Another call may already have renewed it; only drop the token that failed, never a newer one.
      let fresh = await tokens.get();
      if (fresh === used) {
        tokens.invalidate();
        fresh = await tokens.get();
      }
      const again = await send(request, fresh);
      if (again.status === 401) {
        throw new Error(`MTN MoMo ${request.method} ${request.path}: answered 401 with a new token (check the ${name} API user)`);
      }
      return again;
    },
  };
}

type Product = ReturnType<typeof mtnProduct>;

/** DESIGN issue 15: MTN MoMo Open API, Collection (charges) and Disbursement (payouts), in Uganda. */
export function createMtnMomo(settings: MtnSettings): PaymentProvider {
  const http: RailHttpOptions = {
    baseUrl: settings.baseUrl,
    timeoutMs: settings.timeoutMs,
    retries: settings.retries,
    retryDelayMs: settings.retryDelayMs,
  };
  const collection = settings.collection ? mtnProduct('collection', settings.collection, settings, http) : null;
  const disbursement = settings.disbursement ? mtnProduct('disbursement', settings.disbursement, settings, http) : null;

  function configured(product: Product | null, name: ProductName): Product {
    if (!product) throw new Error(`MTN MoMo: the ${name} product is not configured`);
    return product;
  }

  function checkReference(referenceId: string): void {
    // MTN would refuse it with a 400; saying so here keeps our bug from reading as the payer's refusal.
    if (!UUID.test(referenceId)) throw new Error('MTN MoMo: the reference id must be a UUID');
  }

  /**
   * Sends a requesttopay or transfer under our own reference id. Because MTN refuses a reused reference id (409), the
   * POST may be repeated, and a 409 means an earlier attempt got through: accepted. When no attempt got an answer MTN
   * may or may not have taken it, so it is accepted too, and the reconciler's status check decides (404 → unknown).
   */
  async function submit(
    product: Product,
    path: string,
    referenceId: string,
    body: Record<string, unknown>,
    refusal: (code: string) => string,
  ): Promise<ChargeAccepted> {
    const request: RailRequest = {
      method: 'POST',
      path,
      headers: { 'x-reference-id': referenceId, ...(settings.callbackUrl ? { 'x-callback-url': settings.callbackUrl } : {}) },
      json: body,
      retry: true,
    };
    let response: RailResponse;
    try {
      response = await product.call(request);
    } catch (error) {
      // Only this POST going unanswered leaves the outcome open; an unreachable token endpoint means it was never sent.
      if (error instanceof ProviderUnreachable && error.call === `POST ${path}`) return { providerReference: referenceId };
      throw error;
    }
    // 202 taken, 409 taken by our earlier attempt; any other 2xx may still mean taken: the status check decides.
    if ((response.status >= 200 && response.status < 300) || response.status === 409) return { providerReference: referenceId };
    const code = errorCode(response.body);
    if (response.status >= 400 && response.status < 500 && code) throw new ProviderRefused(refusal(code), code);
    // A 4xx that is not MTN's `{ code, message }` (a gateway's, or our own mistake): nothing was taken.
    throw new Error(`MTN MoMo POST ${path}: unexpected answer ${response.status}${code ? ` (${code})` : ''}`);
  }

  /** MTN's word on a requesttopay or transfer: its status answer, or `unknown` when MTN has no record of the id. */
  async function status(
    product: Product,
    path: string,
    referenceId: string,
    reason: (code: string | null) => string,
  ): Promise<ProviderReport> {
    const response = await product.call({ method: 'GET', path, retry: true });
    // Only MTN's own RESOURCE_NOT_FOUND: a gateway's 404 (a wrong base URL) must never fail a payment MTN may have taken.
    if (response.status === 404 && errorCode(response.body) === 'RESOURCE_NOT_FOUND') return { status: 'unknown' };
    const body = response.body;
    if (response.status !== 200 || !isRecord(body)) {
      throw new Error(`MTN MoMo GET ${path}: unexpected answer ${response.status}${isRecord(body) ? '' : ' (not a status)'}`);
    }
    if (typeof body.externalId === 'string' && body.externalId !== referenceId) {
      throw new Error(`MTN MoMo GET ${path}: the answer names another externalId`);
    }
    switch (body.status) {
      case 'PENDING':
        return { status: 'pending' };
      case 'SUCCESSFUL': {
        const id = body.financialTransactionId;
        return typeof id === 'string' && id !== '' ? { status: 'successful', providerReference: id } : { status: 'successful' };
      }
      case 'FAILED': {
        const code = reasonCode(body.reason);
        const providerCode = providerCodeOf(code);
        return { status: 'failed', message: reason(code), ...(providerCode ? { providerCode } : {}) };
      }
      default:
        throw new Error(`MTN MoMo GET ${path}: unknown status`);
    }
  }

  function checkAmount(amount: number): void {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error('MTN MoMo: the amount must be a positive whole number');
  }

  return {
    name: 'mtn_momo',

    async checkCredentials() {
      for (const product of [collection, disbursement]) if (product) await product.renewToken();
    },

    async charge(request) {
      const product = configured(collection, 'collection');
      if (request.channel !== 'MTN_UG' || request.msisdn === null || !MSISDN.test(request.msisdn)) {
        throw new Error('MTN MoMo: a charge needs the MTN_UG channel and a 256XXXXXXXXX number');
      }
      checkReference(request.collectionId);
      checkAmount(request.amount);
      return submit(
        product,
        '/collection/v1_0/requesttopay',
        request.collectionId,
        {
          amount: String(request.amount),
          currency: settings.currency,
          // Our id again, so MTN's status answer and its callback name the payment (callbackReference).
          externalId: request.collectionId,
          payer: { partyIdType: 'MSISDN', partyId: request.msisdn },
          payerMessage: `Payment ${request.transactionId}`,
          payeeNote: `Sente ${request.transactionId}`,
        },
        paymentMessage,
      );
    },

    async payout(request) {
      const product = configured(disbursement, 'disbursement');
      if (!MSISDN.test(request.msisdn)) throw new Error('MTN MoMo: a payout needs a 256XXXXXXXXX number');
      checkReference(request.transferId);
      checkAmount(request.amount);
      return submit(
        product,
        '/disbursement/v1_0/transfer',
        request.transferId,
        {
          amount: String(request.amount),
          // The settings' currency, not the request's: the sandbox only takes EUR.
          currency: settings.currency,
          externalId: request.transferId,
          payee: { partyIdType: 'MSISDN', partyId: request.msisdn },
          payerMessage: `Sente payout ${request.transferId}`,
          payeeNote: `Sente payout ${request.transferId}`,
        },
        payoutMessage,
      );
    },

    async paymentStatus({ collectionId }) {
      const product = configured(collection, 'collection');
      checkReference(collectionId);
      return status(product, `/collection/v1_0/requesttopay/${collectionId}`, collectionId, paymentMessage);
    },

    async payoutStatus({ transferId }) {
      const product = configured(disbursement, 'disbursement');
      checkReference(transferId);
      return status(product, `/disbursement/v1_0/transfer/${transferId}`, transferId, payoutMessage);
    },

    /**
     * MTN's callback (PUT or POST, sent once and never retried) is shaped like the status answer; its externalId is our
     * collection or transfer id. Its status is never trusted: the caller asks paymentStatus or payoutStatus.
     */
    callbackReference(body) {
      if (!isRecord(body)) return null;
      const id = body.externalId;
      return typeof id === 'string' && id.length >= 1 && id.length <= 100 ? id : null;
    },
  };
}
