import {
  API_ERROR_CODE_VALUES,
  API_ERROR_CODES,
  type ApiErrorCode,
  MERCHANT_API_MESSAGES as M,
} from '@sente/contracts/merchant-api';
import type { ApiError } from '@sente/contracts/merchant-api-objects';
import { MESSAGES } from '@sente/contracts/messages';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../../lib/http-error.ts';

/** The code of an error that names none itself, from its HTTP status. */
function codeFor(status: number): ApiErrorCode {
  if (status === 401) return API_ERROR_CODES.invalidApiKey;
  if (status === 404) return API_ERROR_CODES.notFound;
  if (status === 409) return API_ERROR_CODES.idempotencyKeyReused;
  if (status === 429) return API_ERROR_CODES.rateLimited;
  return status >= 500 ? API_ERROR_CODES.internalError : API_ERROR_CODES.invalidRequest;
}

const isApiErrorCode = (code: unknown): code is ApiErrorCode => API_ERROR_CODE_VALUES.includes(code as ApiErrorCode);

const envelope = (message: string, code: ApiErrorCode, errors?: string[]): ApiError => ({
  status: 'error',
  message,
  code,
  ...(errors ? { errors } : {}),
});

/**
 * The /v1 error handler: every failure is DESIGN §3's envelope with a machine-readable code. Bad input is a 400 that
 * names every problem; what the server did not foresee is a 500 without details, logged.
 */
export function sendApiError(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const messages = [...new Set(error.validation.flatMap((issue) => (issue.message ? [issue.message] : [])))];
    return reply.code(400).send(envelope(messages[0] ?? MESSAGES.invalidRequest, API_ERROR_CODES.invalidRequest, messages));
  }
  if (error instanceof HttpError) {
    const code = isApiErrorCode(error.details.code) ? error.details.code : codeFor(error.statusCode);
    return reply.code(error.statusCode).send(envelope(error.message, code, error.details.errors));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, wrong content type, body too large) are safe to show.
    const badJson = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY';
    return reply.code(status).send(envelope(badJson ? 'The request body is not valid JSON' : error.message, codeFor(status)));
  }
  request.log.error({ err: error }, 'merchant API request failed');
  return reply.code(500).send(envelope(MESSAGES.somethingWentWrong, API_ERROR_CODES.internalError));
}

/** An address under /v1 that names no endpoint. */
export function sendEndpointNotFound(_request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send(envelope(M.endpointNotFound, API_ERROR_CODES.notFound));
}
