import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { API_ERROR_CODE_VALUES } from '@sente/contracts/merchant-api';
import { WEBHOOK_API_VERSION, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@sente/contracts/webhook-deliveries';
import { eventSchemaName } from '@sente/contracts/webhook-events';

const DESCRIPTION = `Take mobile-money payments and pay out from your own server.

**Authentication.** Send your secret key from the dashboard's Api Keys page as \`Authorization: Bearer <key>\`. The key
picks the environment: \`sk_test_...\` acts on test data (the simulator settles payments, no real money moves),
\`sk_live_...\` on live data. Neither ever sees the other's collections, payouts or balance. Generating new keys
stops the old ones at once.

**Idempotency.** Every POST takes an \`Idempotency-Key\` header (a payout batch requires one): 1 to 255 printable
ASCII characters of your choice, such as your order number or a UUID. A retry with the same key and body answers the first result (with
\`Idempotent-Replayed: true\`) and moves no money twice; the same key with another body is a 409.

**Rate limits.** Each key may make a fixed number of requests a minute. Every answer says how many
(\`X-RateLimit-Limit\`), how many are left (\`X-RateLimit-Remaining\`) and in how many seconds the count starts again
(\`X-RateLimit-Reset\`); past the limit the answer is a 429 with \`Retry-After\` seconds.

**Errors.** Every failure is \`{ "status": "error", "message", "code", "errors"?, "details"? }\`: \`message\` for
people, \`code\` for programs (${API_ERROR_CODE_VALUES.join(', ')}); a refused body's problems are in \`details\` by
field, and by \`row\` (from 1) for a payout batch's rows.

**Lists** are newest first, 20 a page: send \`nextCursor\` back as \`?cursor=\` for the next page.

**Webhooks.** Events are POSTed to the web hook URLs of the dashboard's Web Hooks page, signed with your encryption
key in the Standard Webhooks format: collection events to the Collections URL, the others to the Payments URL. Every
event and its body is under \`webhooks\` in this document. A collection or payout event's \`data\` is the same object
GET /v1/collections/{id} or GET /v1/payouts/{id} answers, with a few older names beside it, marked deprecated; a
refund's or a payout batch's is the object GET /v1/refunds/{id} or GET /v1/payout-batches/{id} answers.
Every body says its \`api_version\` (now \`${WEBHOOK_API_VERSION}\`): within a version a body only gains fields, so
ignore fields you do not know; removing a field or changing its meaning makes a new version, announced in advance,
and the deprecated names go at the first new version.

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
      // Proprietary, with no terms page to link to: an SPDX LicenseRef names the licence instead of a url.
      license: { name: 'Proprietary: for use with a Sente merchant account', identifier: 'LicenseRef-Sente-Proprietary' },
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
      { name: 'Refunds', description: "Money back: a collection paid back to its payer's mobile money, in whole or in part" },
      {
        name: 'Payout batches',
        description: 'Many payouts at once: proposed with an API key, approved by a member in the dashboard, paid row by row',
      },
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

/** A JSON Schema with every `additionalProperties: false` inside it removed; other values of it are kept. */
function withoutClosedObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutClosedObjects);
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([name, value]) => !(name === 'additionalProperties' && value === false))
      .map(([name, value]) => [name, withoutClosedObjects(value)]),
  );
}

/**
 * What Sente sends (the components: /v1's answers and the webhook bodies) may gain fields within a version (decision
 * 047), and clients are told to ignore fields they do not know: so the document does not close those objects, as zod's
 * output schemas would (`additionalProperties: false`), and a client generated from it with strict checks keeps
 * working when a field is added. What a client sends (the request bodies, inline in `paths`) stays closed: an unknown
 * field is refused as a typo.
 */
export function withOpenAnswers<D extends object>(document: D): D {
  const { components } = document as { components?: { schemas?: Record<string, unknown> } };
  if (!components?.schemas) return document;
  return { ...document, components: { ...components, schemas: withoutClosedObjects(components.schemas) } } as D;
}

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

/** When each event is sent, and where. */
/** Each event's title in the reference, beside its name. */
const SUMMARIES: Record<WebhookEventType, string> = {
  'collection.successful': 'A collection succeeded',
  'collection.failed': 'A collection failed',
  'transfer.successful': 'A wallet transfer was made',
  'settlement.pending': 'A settlement was asked for',
  'settlement.successful': 'A settlement was paid',
  'settlement.rejected': 'A settlement was rejected',
  'payout.pending': 'A payout was asked for',
  'payout.successful': 'A payout was paid',
  'payout.rejected': 'A payout failed',
  'refund.successful': 'A refund was paid',
  'refund.failed': 'A refund failed',
  'payout_batch.submitted': 'A payout batch awaits approval',
  'payout_batch.approved': 'A payout batch was approved',
  'payout_batch.rejected': 'A payout batch was rejected',
  'payout_batch.expired': 'A payout batch expired unapproved',
  'payout_batch.completed': 'A payout batch was paid in full',
  'payout_batch.partially_completed': 'A payout batch was paid in part',
  'payout_batch.failed': 'No row of a payout batch was paid',
  'test.event': 'A test event',
};

const EVENTS: Record<WebhookEventType, string> = {
  'collection.successful': 'A collection succeeded: the balance grew by its amount less its fee. Sent to the Collections URL.',
  'collection.failed': 'A collection failed: the payer refused, could not pay, or let it expire. Sent to the Collections URL.',
  'transfer.successful':
    'A wallet transfer between two Sente accounts, sent to both: direction out to the sender, in to the recipient. Sent to the Payments URL.',
  'settlement.pending': 'A settlement to your bank account was asked for. Sent to the Payments URL.',
  'settlement.successful': 'A settlement was paid to your bank account. Sent to the Payments URL.',
  'settlement.rejected': 'A settlement was rejected; its amount and charge are back in the balance. Sent to the Payments URL.',
  'payout.pending': 'A payout was asked for (through this API or the dashboard). Sent to the Payments URL.',
  'payout.successful': 'A payout was paid to its mobile-money number. Sent to the Payments URL.',
  'payout.rejected': 'A payout failed; its amount and charge are back in the balance. Sent to the Payments URL.',
  'refund.successful':
    "A refund (through this API or the dashboard) was paid to the payer's mobile money. Sent to the Payments URL.",
  'refund.failed':
    'A refund failed; its amount is back in the balance and the collection can be refunded again. Sent to the Payments URL.',
  'payout_batch.submitted':
    'A payout batch was submitted for approval (through this API or the dashboard): a member approves it in the dashboard. Sent to the Payments URL.',
  'payout_batch.approved':
    'A member approved a payout batch: its total with charges is held from the balance and its rows are being paid, each with its own payout.* events. Sent to the Payments URL.',
  'payout_batch.rejected':
    'A member rejected a payout batch; rejection_reason says why. Nothing was paid. Sent to the Payments URL.',
  'payout_batch.expired':
    'A payout batch was not answered within 72 hours of its submission. Nothing was paid. Sent to the Payments URL.',
  'payout_batch.completed': 'Every row of a payout batch was paid. Sent to the Payments URL.',
  'payout_batch.partially_completed':
    "Every row of a payout batch was paid or failed, some of each; the failed rows' amounts and charges are back in the balance. Sent to the Payments URL.",
  'payout_batch.failed':
    'Every row of a payout batch failed; its amounts and charges are back in the balance. Sent to the Payments URL.',
  'test.event': "Send test event on the dashboard's Web Hooks page: one to each URL that is set.",
};

/** Standard Webhooks' headers, on every event. */
const SIGNATURE_HEADERS = [
  {
    in: 'header',
    name: 'webhook-id',
    required: true,
    description: "The event's id, the same on every attempt: handle each id once",
    schema: { type: 'string', format: 'uuid' },
  },
  {
    in: 'header',
    name: 'webhook-timestamp',
    required: true,
    description: 'When this attempt was signed, in Unix seconds: refuse one too far from now',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    in: 'header',
    name: 'webhook-signature',
    required: true,
    description:
      'v1, then the base64 HMAC-SHA256 of webhook-id.webhook-timestamp.body under your encryption key (the whsec_... of the Api Keys page, base64 after its prefix); any Standard Webhooks library checks it',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/]+=*( v1,[A-Za-z0-9+/]+=*)*$' },
  },
];

/** `payout.pending` → `payoutPending`, `payout_batch.partially_completed` → `payoutBatchPartiallyCompleted`. */
const operationId = (type: WebhookEventType) => type.replace(/[._]([a-z])/g, (_mark, letter: string) => letter.toUpperCase());

/**
 * OpenAPI 3.1's `webhooks`: every event Sente sends, its headers and its body, which is the event's registered schema
 * (contracts webhook-events.ts), so the document describes exactly what the tests check deliveries against.
 */
export function withWebhooks<D extends object>(document: D): D {
  const webhooks = Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: operationId(type),
          summary: SUMMARIES[type],
          description: EVENTS[type],
          security: [],
          parameters: SIGNATURE_HEADERS,
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${eventSchemaName(type)}` } } },
          },
          responses: {
            '200': {
              description:
                'Any 2xx delivers the event; anything else, a redirect included, or no answer within 10 s, is tried again for 3 days',
            },
          },
        },
      },
    ]),
  );
  return { ...document, webhooks };
}
