import { WEBHOOK_EVENT_TYPES } from '@sente/contracts/webhook-deliveries';
import { eventSchemaName } from '@sente/contracts/webhook-events';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: { 'application/json'?: { schema?: unknown } } }>;
};
type Document = {
  openapi: string;
  security: unknown[];
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
};

let t: TestApp;
let document: Document;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://pay.sente.test' });
  const res = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
  expect(res.statusCode).toBe(200);
  document = res.json();
}, 60_000);
afterAll(() => t?.close());

/** Fastify's `/v1/collections/:id` as OpenAPI writes it: `/v1/collections/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const v1Routes = () => t.app.routeTable.filter((route) => route.url.startsWith('/v1/') && route.url !== '/v1/openapi.json');
const errorRef = { $ref: '#/components/schemas/Error' };

describe('the OpenAPI document', () => {
  it('is served to anyone at /v1/openapi.json and is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: 'https://pay.sente.test' }]);
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  it('documents every /v1 route the app serves, and no other', () => {
    const routes = v1Routes();
    expect(routes.length).toBeGreaterThanOrEqual(6);
    const missing = routes.filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()]);
    expect(missing, 'routes of /v1 that the document leaves out').toEqual([]);
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(routes.map((route) => `${route.method} ${openApiPath(route.url)}`).sort());
  });

  it('says how to authenticate, and gives every operation its request and its answers, errors included', () => {
    expect(document.components.securitySchemes).toEqual({ apiKey: expect.objectContaining({ type: 'http', scheme: 'bearer' }) });
    expect(document.security).toEqual([{ apiKey: [] }]);
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method} ${path}`;
        const success = operation.responses[method === 'post' ? '201' : '200'];
        expect(success?.content?.['application/json']?.schema, where).toBeDefined();
        for (const status of ['400', '401', '429', '500']) {
          expect(operation.responses[status]?.content?.['application/json']?.schema, `${where} ${status}`).toEqual(errorRef);
        }
        if (method === 'post') {
          expect(operation.requestBody?.content['application/json'], where).toBeDefined();
          expect(operation.parameters, where).toContainEqual(expect.objectContaining({ in: 'header', name: 'idempotency-key' }));
          expect(operation.responses['409']?.content?.['application/json']?.schema, where).toEqual(errorRef);
        }
        if (path.includes('{id}')) {
          expect(operation.parameters, where).toContainEqual(expect.objectContaining({ in: 'path', name: 'id' }));
          expect(operation.responses['404']?.content?.['application/json']?.schema, where).toEqual(errorRef);
        }
      }
    }
    const events = WEBHOOK_EVENT_TYPES.map(eventSchemaName);
    const eventData = ['CollectionEventData', 'PayoutEventData', 'TransferEventData', 'TestEventData'];
    expect(Object.keys(document.components.schemas).sort()).toEqual(
      [
        'Balance',
        'Collection',
        'CollectionPage',
        'Error',
        'Payout',
        'PayoutBatch',
        'PayoutBatchRow',
        'PayoutBatchRowPage',
        'Refund',
        ...eventData,
        ...events,
      ].sort(),
    );
  });

  it('leaves what Sente sends open to new fields, and closes what a client sends to unknown ones (decision 047)', () => {
    const sent = JSON.stringify(document.components.schemas);
    expect(sent).not.toContain('"additionalProperties":false');
    expect(JSON.parse(sent).Collection.properties.metadata.anyOf).toContainEqual(
      expect.objectContaining({ type: 'object', additionalProperties: { type: 'string' } }),
    );
    for (const path of ['/v1/collections', '/v1/payouts', '/v1/refunds', '/v1/payout-batches']) {
      const content = document.paths[path]?.post?.requestBody?.content['application/json'] as { schema?: object };
      expect(content?.schema, path).toMatchObject({ additionalProperties: false });
    }
  });

  it('describes every webhook event under webhooks: its signature headers and its body', () => {
    expect(Object.keys(document.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES].sort());
    for (const type of WEBHOOK_EVENT_TYPES) {
      const { post } = document.webhooks[type]!;
      expect(post?.requestBody?.content['application/json'], type).toEqual({
        schema: { $ref: `#/components/schemas/${eventSchemaName(type)}` },
      });
      expect(post?.parameters?.map((p) => `${p.in} ${p.name}`).sort(), type).toEqual([
        'header webhook-id',
        'header webhook-signature',
        'header webhook-timestamp',
      ]);
    }
  });
});

describe('the API reference at /docs', () => {
  it('is a page served whole from this server: its scripts and styles are local files, and no other host is named', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>Sente API reference</title>');
    const assets = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      expect(asset, 'served from this server').toMatch(/^\/docs\/static\//);
      const res = await t.app.inject({ method: 'GET', url: asset });
      expect(res.statusCode, asset).toBe(200);
    }
    const initializer = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain('validatorUrl: null');
  });

  it('reads the same document as /v1/openapi.json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.json()).toEqual(document);
  });
});
