import { MAX_BODY_BYTES, MAX_PATH_VALUE_LENGTH } from '@sente/contracts/constants';
import { API_ERROR_CODE_VALUES, API_ERROR_CODES, type ApiErrorCode } from '@sente/contracts/merchant-api';
import { MESSAGES } from '@sente/contracts/messages';
import { PUBLIC_PAGE } from '@sente/contracts/public-pages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, type Problem } from '../lib/http-error.ts';
import { answersWithPage, sendPublicPage } from './public-page.ts';

/** A refusal before it is put in the envelope: its status, its message and what the error itself named. */
type Refusal = {
  status: number;
  message: string;
  details: { code?: string; errors?: string[]; fields?: Record<string, string>; problems?: Problem[] };
};

/** Fastify's own client errors, each with the status and message it answers. */
const FRAMEWORK_ERRORS: Record<string, (request: FastifyRequest) => { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: () => ({ status: 400, message: MESSAGES.invalidJson }),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => ({ status: 400, message: MESSAGES.invalidJson }),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () => ({ status: 400, message: MESSAGES.bodyLengthMismatch }),
  FST_ERR_CTP_BODY_TOO_LARGE: (request) => ({
    status: 413,
    message: MESSAGES.bodyTooLarge(request.routeOptions.bodyLimit ?? MAX_BODY_BYTES),
  }),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => ({ status: 415, message: MESSAGES.unsupportedMediaType }),
  // A bad percent-encoding in the path, and a path segment over maxParamLength (Fastify answers 414 itself): both
  // are a value in the address that is not valid, a 400 like any other bad input.
  FST_ERR_BAD_URL: () => ({ status: 400, message: MESSAGES.invalidPathValue }),
  FST_ERR_MAX_PARAM_LENGTH: () => ({ status: 400, message: MESSAGES.pathValueTooLong(MAX_PATH_VALUE_LENGTH) }),
};

/** A refused body's fields, each path (`extra_fields.0.label`) with its first message; none for the query or path. */
function fieldsOf(error: FastifyError & { validation: { instancePath: string; message?: string }[] }) {
  if (error.validationContext !== 'body') return {};
  const fields: Record<string, string> = {};
  for (const { instancePath, message } of error.validation) {
    const path = instancePath.split('/').filter(Boolean).join('.');
    if (path && message) fields[path] ??= message;
  }
  return Object.keys(fields).length > 0 ? { fields } : {};
}

/**
 * A refused body's problems as /v1 reports them in `details`: each field's first, with the rule's code; an item of a
 * list (`rows.3.amount`) is named by its row, counted from 1, and its field (`amount`), as a batch's row checks are.
 */
function problemsOf(error: FastifyError & { validation: { instancePath: string; keyword: string; message?: string }[] }) {
  if (error.validationContext !== 'body') return {};
  const problems = new Map<string, Problem>();
  for (const { instancePath, keyword, message } of error.validation) {
    const parts = instancePath.split('/').filter(Boolean);
    if (parts.length === 0 || !message || problems.has(instancePath)) continue;
    const item = parts.length === 3 && /^\d+$/.test(parts[1]!);
    problems.set(
      instancePath,
      item
        ? { row: Number(parts[1]) + 1, field: parts[2]!, code: keyword, message }
        : { field: parts.join('.'), code: keyword, message },
    );
  }
  return problems.size > 0 ? { problems: [...problems.values()] } : {};
}

function refusalOf(error: FastifyError | HttpError, request: FastifyRequest): Refusal {
  if (hasZodFastifySchemaValidationErrors(error)) {
    // A body that is not an object at all (an array, a string) gets our message, not zod's English default.
    const notObject = (issue: { keyword: string; instancePath: string }) =>
      error.validationContext === 'body' && issue.keyword === 'invalid_type' && issue.instancePath === '/';
    const messages = [
      ...new Set(
        error.validation.flatMap((issue) => (notObject(issue) ? [MESSAGES.bodyNotObject] : issue.message ? [issue.message] : [])),
      ),
    ];
    const details = { errors: messages, ...fieldsOf(error), ...problemsOf(error) };
    return { status: 400, message: messages[0] ?? MESSAGES.invalidRequest, details };
  }
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message, details: error.details };
  const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (known) return { ...known(request), details: {} };
  // Every 429 is a TooManyRequestsError, an HttpError (plugins/rate-limit.ts).
  const status = error.statusCode ?? 500;
  // Any other client error of Fastify or of a plugin is safe to show as it is.
  if (status >= 400 && status < 500) return { status, message: error.message, details: {} };
  return { status: 500, message: MESSAGES.somethingWentWrong, details: {} };
}

/** The merchant API's answers carry a machine-readable code (decision 026); the others only when the error names one. */
const isMerchantApi = (request: FastifyRequest) => /^\/v1(\/|\?|$)/.test(request.url);

const isApiErrorCode = (code: unknown): code is ApiErrorCode => API_ERROR_CODE_VALUES.includes(code as ApiErrorCode);

/** The code of a /v1 refusal that names none itself, from its HTTP status. */
function codeFor(status: number): ApiErrorCode {
  if (status === 401) return API_ERROR_CODES.invalidApiKey;
  if (status === 404) return API_ERROR_CODES.notFound;
  if (status === 409) return API_ERROR_CODES.idempotencyKeyReused;
  if (status === 429) return API_ERROR_CODES.rateLimited;
  return status >= 500 ? API_ERROR_CODES.internalError : API_ERROR_CODES.invalidRequest;
}

/**
 * The error envelope (docs/api.md, "Errors"); under /v1 with its code, every problem in `errors` when there are
 * several, and a refused body's problems by field (and row) in `details`; the dashboard's names its fields in `fields`
 * (decision 048).
 */
function envelope({ status, message, details: { problems, ...details } }: Refusal, withCode: boolean) {
  if (!withCode) return { status: 'error', message, ...details };
  const code = isApiErrorCode(details.code) ? details.code : codeFor(status);
  return {
    status: 'error',
    message,
    code,
    ...(details.errors ? { errors: details.errors } : {}),
    ...(problems ? { details: problems } : {}),
  };
}

/**
 * A value of the address itself that cannot be one (a path value refused by its schema, a bad percent-encoding, a
 * segment too long): on a public page the payer is told to check the link, not which rule the value broke.
 */
const isBadAddress = (error: FastifyError | HttpError) =>
  error instanceof HttpError
    ? false
    : error.code === 'FST_ERR_BAD_URL' ||
      error.code === 'FST_ERR_MAX_PARAM_LENGTH' ||
      (hasZodFastifySchemaValidationErrors(error) && error.validationContext === 'params');

/**
 * The one error handler of every context (dashboard, public pages, /v1, provider callbacks, ops) and of Fastify's
 * router (`frameworkErrors`: a bad URL, a path segment too long). Known errors keep their message; what the server
 * did not foresee is a 500 without details, logged. A public page a browser opens answers a small HTML page with the
 * message instead of the envelope (decision 076).
 */
export function sendError(error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) {
  const refusal = refusalOf(error, request);
  if (refusal.status >= 500) request.log.error({ err: error }, 'request failed');
  if (answersWithPage(request)) {
    return sendPublicPage(reply, refusal.status, isBadAddress(error) ? PUBLIC_PAGE.badAddress : refusal.message);
  }
  return reply.code(refusal.status).send(envelope(refusal, isMerchantApi(request)));
}

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(sendError);
});
