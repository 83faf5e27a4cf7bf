import { API_ERROR_CODES, MERCHANT_API_MESSAGES as M } from '@sente/contracts/merchant-api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import type { KeyScope, MerchantApiService } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The /v1 caller's API key (its account, environment and id), set by the API key guard; also the context's actor. */
    merchant: KeyScope;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * The onRequest hook of every /v1 route: the `Authorization: Bearer sk_...` key names the account and the environment
 * (decision 026). Calls are counted in the `key` rate class (plugins/rate-limit.ts): per key, that is per account and
 * environment, so that regenerating keys does not reset the count; calls with no valid key per address, so guessing
 * keys is limited too.
 */
export function apiKeyGuard(app: FastifyInstance, merchantApi: MerchantApiService) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // An address that names no endpoint is a 404 for anyone: there is nothing there to guard.
    if (request.is404) return;
    const presented = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const scope = presented ? await merchantApi.authenticate(presented) : undefined;
    if (scope) {
      request.merchant = scope;
      request.requestContext.actor = scope;
    }
    await app.countKeyRequest(request, reply);
    if (!scope) {
      reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, presented ? M.keyInvalid : M.keyMissing, { code: API_ERROR_CODES.invalidApiKey });
    }
  };
}
