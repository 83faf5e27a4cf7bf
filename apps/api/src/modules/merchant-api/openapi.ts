import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { API_ERROR_CODE_VALUES } from '@sente/contracts/merchant-api';

const DESCRIPTION = `Take mobile-money payments and pay out from your own server.

**Authentication.** Send your secret key from the dashboard's Api Keys page as \`Authorization: Bearer <key>\`. The key
picks the environment: \`sk_test_...\` acts on test data (the simulator settles payments, no real money moves),
\`sk_live_...\` on live data. Neither ever sees the other's collections, payouts or balance. Generating new keys
stops the old ones at once.

**Idempotency.** Every POST takes an \`Idempotency-Key\` header. A retry with the same key and body answers the first
result (with \`Idempotent-Replayed: true\`) and moves no money twice; the same key with another body is a 409.

**Rate limits.** Each key may make a fixed number of requests a minute (\`X-RateLimit-Limit\`); past it the answer is
a 429 with \`Retry-After\`.

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
    info: { title: 'Sente merchant API', version: '1', description: DESCRIPTION },
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
