import {
  type ChargeAccepted,
  type Money,
  mismatchOf,
  type PaymentProvider,
  ProviderRefused,
  type ProviderReport,
  ProviderSetupError,
  providerCodeOf,
} from '../provider.ts';
import {
  ProviderUnreachable,
  type RailHttpOptions,
  type RailRequest,
  type RailResponse,
  railRequest,
  tokenCache,
} from './http.ts';
import { callbackBody, errorCode, statusAnswer, tokenAnswer } from './mtn-answers.ts';
import { MTN_SETUP_CODES, paymentMessage, payoutMessage } from './mtn-codes.ts';
import { mtnAccountHolder } from './mtn-holder.ts';
import { requestToPayNotes } from './mtn-notes.ts';

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

/**
 * MTN's X-Reference-Id must be a version 4 UUID: MTN's common errors page names a reference id that is not one as a
 * cause of its 400 (momodevelopercommunity.mtn.com/errors-46/momo-api-common-errors-82), and the mtn-momo client's
 * validateTransfer requires one. Ours are v4 (gen_random_uuid, randomUUID).
 */
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** A Ugandan number as we store it, which is how MTN wants partyId (international form, no `+`). */
const MSISDN = /^256\d{9}$/;

/** Whether a 5xx answer is one of MTN's setup refusals, which railRequest returns at once instead of retrying. */
const isSetupRefusal = (body: unknown) => {
  const code = errorCode(body);
  return code !== null && MTN_SETUP_CODES.has(code);
};

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
      final5xx: isSetupRefusal,
    });
    if (response.status !== 200) {
      const code = errorCode(response.body);
      throw new Error(`MTN MoMo ${name} token: answered ${response.status}${code ? ` (${code})` : ''}`);
    }
    const answer = tokenAnswer.safeParse(response.body);
    if (!answer.success) throw new Error(`MTN MoMo ${name} token: the answer is not a token`);
    return { token: answer.data.access_token, expiresInSeconds: answer.data.expires_in };
  });

  const send = (request: RailRequest, token: string) =>
    railRequest(http, {
      ...request,
      final5xx: isSetupRefusal,
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

/** MTN MoMo Open API, Collection (charges) and Disbursement (payouts), in Uganda. */
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
    if (!UUID_V4.test(referenceId)) throw new Error('MTN MoMo: the reference id must be a version 4 UUID');
  }

  /**
   * Sends a requesttopay or transfer under our own reference id. Because MTN refuses a reused reference id (409), the
   * POST may be repeated, and a 409 means an earlier attempt got through: accepted. When no attempt got an answer MTN
   * may or may not have taken it, so it is accepted too, and the reconciler's status check decides (404 → unknown).
   * A 500 with one of MTN's setup codes is a final refusal (ProviderSetupError): MTN took nothing.
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
    if (response.status >= 500 && code && MTN_SETUP_CODES.has(code)) throw new ProviderSetupError(`MTN MoMo POST ${path}`, code);
    if (response.status >= 400 && response.status < 500 && code) throw new ProviderRefused(refusal(code), code);
    // A 4xx that is not MTN's `{ code, message }` (a gateway's, or our own mistake): nothing was taken.
    throw new Error(`MTN MoMo POST ${path}: unexpected answer ${response.status}${code ? ` (${code})` : ''}`);
  }

  /**
   * MTN's word on a requesttopay or transfer: its status answer, or `unknown` when MTN has no record of the id (which
   * MTN may also answer for a while after its 202: the reconciler does not take it as final at once, decision 040).
   * An answer that cannot be read throws, and the reconciler asks again; a final one whose amount or currency is not
   * what we sent (`sent`) is a `mismatch`, never applied.
   */
  async function status(
    product: Product,
    path: string,
    referenceId: string,
    sent: Money,
    reason: (code: string | null) => string,
  ): Promise<ProviderReport> {
    const response = await product.call({ method: 'GET', path, retry: true });
    // Only MTN's own RESOURCE_NOT_FOUND: a gateway's 404 (a wrong base URL) must never fail a payment MTN may have taken.
    if (response.status === 404 && errorCode(response.body) === 'RESOURCE_NOT_FOUND') return { status: 'unknown' };
    const parsed = response.status === 200 ? statusAnswer.safeParse(response.body) : null;
    if (!parsed?.success) {
      const code = errorCode(response.body);
      throw new Error(`MTN MoMo GET ${path}: unexpected answer ${response.status}${code ? ` (${code})` : ' (not a status)'}`);
    }
    const answer = parsed.data;
    if (answer.externalId !== undefined && answer.externalId !== referenceId) {
      throw new Error(`MTN MoMo GET ${path}: the answer names another externalId`);
    }
    if (answer.status === 'PENDING') return { status: 'pending' };
    const detail = mismatchOf(sent, {
      ...(answer.amount !== undefined ? { amount: answer.amount } : {}),
      ...(answer.currency !== undefined ? { currency: answer.currency } : {}),
    });
    if (detail) return { status: 'mismatch', reported: answer.status === 'SUCCESSFUL' ? 'successful' : 'failed', detail };
    if (answer.status === 'SUCCESSFUL') {
      const id = answer.financialTransactionId;
      return id ? { status: 'successful', providerReference: id } : { status: 'successful' };
    }
    const providerCode = providerCodeOf(answer.reason);
    return { status: 'failed', message: reason(answer.reason), ...(providerCode ? { providerCode } : {}) };
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
          ...requestToPayNotes(request.merchantName, request.transactionId),
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

    // The amount as sent, in the settings' currency (what submit sent), whatever the row's currency.
    async paymentStatus({ collectionId, amount }) {
      const product = configured(collection, 'collection');
      checkReference(collectionId);
      const sent = { amount, currency: settings.currency };
      return status(product, `/collection/v1_0/requesttopay/${collectionId}`, collectionId, sent, paymentMessage);
    },

    async payoutStatus({ transferId, amount }) {
      const product = configured(disbursement, 'disbursement');
      checkReference(transferId);
      const sent = { amount, currency: settings.currency };
      return status(product, `/disbursement/v1_0/transfer/${transferId}`, transferId, sent, payoutMessage);
    },

    // The payout's name check asks the Disbursement product; without it there is no one to ask.
    accountHolder: async (msisdn) => (disbursement ? mtnAccountHolder(disbursement, msisdn) : { status: 'unavailable' }),

    /**
     * MTN's callback (PUT or POST, sent once and never retried) is shaped like the status answer; its externalId is our
     * collection or transfer id. Its status is never trusted: the caller asks paymentStatus or payoutStatus.
     */
    callbackReference(body) {
      return callbackBody.safeParse(body).data?.externalId ?? null;
    },
  };
}
