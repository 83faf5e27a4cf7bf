import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { API_ERROR_CODE_VALUES } from '@sente/contracts/merchant-api';

const DESCRIPTION = `Take mobile-money payments and pay out from your own server.

**Authentication.** Send your secret key from the dashboard's Api Keys page as \`Authorization: Bearer <key>\`. The key
picks the environment: \`sk_test_...\` acts on test data (the simulator settles payments, no real money moves),
\`sk_live_...\` on live data. Neither ever sees the other's collections, payouts or balance. Generating new keys
stops the old ones at once.

**Idempotency.** Every POST takes an \`Idempotency-Key\` header: 1 to 255 printable ASCII characters of your
choice, such as your order number or a UUID. A retry with the same key and body answers the first result (with
\`Idempotent-Replayed: true\`) and moves no money twice; the same key with another body is a 409.

**Rate limits.** Each key may make a fixed number of requests a minute. Every answer says how many
(\`X-RateLimit-Limit\`), how many are left (\`X-RateLimit-Remaining\`) and in how many seconds the count starts again
(\`X-RateLimit-Reset\`); past the limit the answer is a 429 with \`Retry-After\` seconds.

**Errors.** Every failure is \`{ "status": "error", "message", "code", "errors"? }\`: \`message\` for people, \`code\`
for programs (${API_ERROR_CODE_VALUES.join(', ')}).

**Lists** are newest first, 20 a page: send \`nextCursor\` back as \`?cursor=\` for the next page.

**Webhooks.** The collection.successful and collection.failed events reach the Collections web hook URL, signed with
your encryption key in the Standard Webhooks format.

**Redirects.** After a successful payment on a payment link with a redirection URL, the payer arrives there with
\`sente_id\` (the collection's \`id\` in this API), \`sente_transaction_id\`, \`sente_status\`, \`sente_amount\`,
\`sente_currency\`, \`sente_reference\` (when the payment has your reference), \`sente_timestamp\` and
\`sente_signature\`, a hex HMAC-SHA256 with your encryption key, so your site can trust them without calling this API:
the signed text and a verifier in Node are in docs/redirects.md.`;

/** The OpenAPI 3.1 document's own part; @fastify/swagger adds the paths and schemas from the /v1 routes. */
export function openApiDocument(publicUrl: string): NonNullable<FastifyDynamicSwaggerOptions['openapi']> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Sente merchant API',
      version: '1',
      description: DESCRIPTION,
      license: { name: 'Proprietary: for use with a Sente merchant account' },
    },
    servers: [{ url: publicUrl }],
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'Your secret API key: sk_test_... or sk_live_...' },
      },
    },
    security: [{ apiKey: [] }],
    tags: [
      { name: 'Collections', description: 'Money in: mobile-money payments you ask a payer to approve' },
      { name: 'Payouts', description: 'Money out: payments from your balance to mobile-money numbers' },
      { name: 'Balance', description: 'What your balance holds' },
    ],
  };
}

type Header = { description: string; required: boolean; schema: Record<string, unknown> };
const seconds = { type: 'integer', minimum: 0 };
/** The count's headers; not required on a 400, which the router gives before counting to an address it refuses. */
const rateLimitHeaders = (required: boolean): Record<string, Header> => ({
  'X-RateLimit-Limit': {
    description: 'How many requests this key may make in a minute',
    required,
    schema: { type: 'integer', minimum: 1 },
  },
  'X-RateLimit-Remaining': {
    description: 'How many of them are left in this minute',
    required,
    schema: { type: 'integer', minimum: 0 },
  },
  'X-RateLimit-Reset': { description: 'Seconds until the count starts again', required, schema: seconds },
});
const RETRY_AFTER: Record<string, Header> = {
  'Retry-After': { description: 'Seconds to wait before the next request', required: true, schema: seconds },
};
const WWW_AUTHENTICATE: Record<string, Header> = {
  'WWW-Authenticate': { description: 'Bearer: send the API key as a bearer token', required: true, schema: { type: 'string' } },
};
const IDEMPOTENT_REPLAYED: Record<string, Header> = {
  'Idempotent-Replayed': {
    description: 'true when this answers an earlier request with the same Idempotency-Key, false for a new one',
    required: true,
    schema: { type: 'string', enum: ['true', 'false'] },
  },
};

type Operation = { parameters?: { in: string; name: string }[]; responses?: Record<string, { headers?: object }> };

/**
 * The headers every /v1 answer carries, declared on each operation's responses: the API key guard's rate-limit count
 * on every answer but a 500 (which may come before the count) and a 400 for a malformed address, Retry-After on a
 * 429, WWW-Authenticate on a 401, and on a POST that takes an Idempotency-Key, whether its 201 replays an earlier
 * request.
 */
export function withResponseHeaders<D extends object>(document: D): D {
  const { paths = {} } = document as { paths?: Record<string, Record<string, Operation>> };
  const declared = Object.fromEntries(
    Object.entries(paths).map(([path, operations]) => [
      path,
      Object.fromEntries(
        Object.entries(operations).map(([method, operation]) => {
          const idempotent = operation.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key');
          const responses = Object.fromEntries(
            Object.entries(operation.responses ?? {}).map(([status, response]) => {
              const headers = {
                ...(status === '500' ? {} : rateLimitHeaders(status !== '400')),
                ...(status === '429' ? RETRY_AFTER : {}),
                ...(status === '401' ? WWW_AUTHENTICATE : {}),
                ...(idempotent && status === '201' ? IDEMPOTENT_REPLAYED : {}),
              };
              return [status, Object.keys(headers).length > 0 ? { ...response, headers } : response];
            }),
          );
          return [method, { ...operation, responses }];
        }),
      ),
    ]),
  );
  return { ...document, paths: declared };
}
