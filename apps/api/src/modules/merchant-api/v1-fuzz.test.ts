import { API_ERROR_CODE_VALUES, MERCHANT_API_MESSAGES } from '@sente/contracts/merchant-api';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse as InjectResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiKeysOf, createCollection, MERCHANT_API_ENV, v1 } from '../../testing/merchant-api.ts';
import { createMerchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fundWallet } from '../../testing/transfers.ts';

/**
 * Requests generated from the served OpenAPI document, valid and not, sent to every /v1 operation. Whatever
 * is sent, the answer is never a 5xx and has a status the document lists for the operation, every 4xx is the error
 * envelope with a code, every 2xx matches the operation's response schema, and each carries the headers declared for it.
 */

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  maxProperties?: number;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
};
type Parameter = { in: 'header' | 'query' | 'path'; name: string; required?: boolean; schema: JsonSchema };
type Header = { required?: boolean; schema: JsonSchema };
type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, { headers?: Record<string, Header>; content?: { 'application/json': { schema: JsonSchema } } }>;
};
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, JsonSchema> } };

/**
 * Runs per operation. The suite's default is one short chaos run (15 per operation, about 10 s on PGlite on a quiet
 * 2-core machine); a long run sets FUZZ_RUNS, and FUZZ_SEED replays the seed a failure printed:
 *   FUZZ_RUNS=500 npx vitest run --project api:pglite apps/api/src/modules/merchant-api/v1-fuzz.test.ts
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
/**
 * An operation whose runs have not yet drawn both an answered and a refused request gets more runs, up to this many
 * rounds of RUNS: a few runs rarely miss one side, and the check below still fails a generator that cannot reach it.
 */
const MAX_ROUNDS = 8;
/** Three minutes for the default runs (a loaded machine takes several times a quiet one's), and as much again per 15 more. */
const FUZZ_TIMEOUT = 180_000 * Math.max(1, RUNS / 15);

let t: TestApp;
let document: Document;
let keys: { test: string; live: string };
/** Ids that name objects, so that GETs by id also answer 200s. */
const known: { collection: string[]; payout: string[]; refund: string[]; batch: string[] } = {
  collection: [],
  payout: [],
  refund: [],
  batch: [],
};
/** Batch references no batch has yet, so that a generated batch can be made as well as refused. */
const freshReferences = Array.from({ length: 200 }, (_, index) => `Fuzz batch ${index}`);
/** Successful collections of UGX 1,000,000, so that generated refunds of them can also be made. */
const refundable: string[] = [];

beforeAll(async () => {
  t = await createTestApp(MERCHANT_API_ENV);
  const merchant = await createMerchant(t, 'Masaka Fuzz Traders');
  const apiKeys = await apiKeysOf(t, merchant);
  keys = { test: apiKeys.test_key, live: apiKeys.production_key };
  await fundWallet(t, merchant, 5_000_000);
  known.collection.push((await createCollection(t, keys.test, { amount: 1000, phone: '0772123456', channel: 'MTN_UG' })).id);
  const payout = await v1(t, keys.test, 'POST', '/payouts', { amount: 1000, phone: '0752000111' });
  known.payout.push(payout.json().data.id);
  for (const _ of [1, 2, 3]) {
    const { id } = await createCollection(t, keys.test, { amount: 1_000_000, phone: '0772123456', channel: 'MTN_UG' });
    // Settled here rather than by the simulator a few milliseconds later (the same once-only settlement either way).
    await t.app.services.payments.settle(id, { status: 'successful', message: null });
    refundable.push(id);
  }
  const refund = await v1(t, keys.test, 'POST', '/refunds', { collection_id: refundable[0], amount: 1000 });
  if (refund.statusCode !== 201) throw new Error(`POST /v1/refunds answered ${refund.statusCode}: ${refund.body}`);
  known.refund.push(refund.json().data.id);
  const batch = await v1(
    t,
    keys.test,
    'POST',
    '/payout-batches',
    { reference: 'Known batch', rows: [{ phone: '0772123456', amount: 1000, name: 'Okello John' }] },
    { 'idempotency-key': 'known-batch' },
  );
  if (batch.statusCode !== 201) throw new Error(`POST /v1/payout-batches answered ${batch.statusCode}: ${batch.body}`);
  known.batch.push(batch.json().data.id);
  document = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
}, 60_000);
afterAll(() => t?.close());

/** The schema with every `$ref` to the document's components replaced by what it names. */
function resolved(schema: JsonSchema): JsonSchema {
  return JSON.parse(JSON.stringify(schema), (_key, value) =>
    value && typeof value === 'object' && typeof value.$ref === 'string'
      ? resolved(document.components.schemas[value.$ref.replace('#/components/schemas/', '')]!)
      : value,
  );
}

/** Values a schema allows, as the document describes them: its examples, and values drawn from its constraints. */
function valid(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map(valid));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const examples = schema.examples?.length ? [{ weight: 3, arbitrary: fc.constantFrom(...schema.examples) }] : [];
  const types = [schema.type ?? 'string'].flat();
  const drawn = types.map((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'null':
        return fc.constant(null);
      case 'integer':
        return fc.integer({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9 });
      case 'array':
        return fc.array(valid(schema.items ?? {}), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 3, 3),
        });
      case 'object': {
        const properties = Object.fromEntries(
          Object.entries(schema.properties ?? {}).map(([name, inner]) => [name, valid(inner)]),
        );
        if (typeof schema.additionalProperties === 'object') {
          return fc.dictionary(valid(schema.propertyNames ?? {}) as fc.Arbitrary<string>, valid(schema.additionalProperties), {
            maxKeys: schema.maxProperties ?? 5,
          });
        }
        return fc.record(properties, { requiredKeys: schema.required ?? [] });
      }
      default: {
        const text = fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 300) });
        return schema.pattern ? text.filter((value) => new RegExp(schema.pattern!, 'u').test(value)) : text;
      }
    }
  });
  return fc.oneof(...examples, ...drawn.map((arbitrary) => ({ weight: 1, arbitrary })));
}

/** What a careless or hostile client sends instead. */
const lone = fc.constantFrom('\ud800', 'a\udfffb', '\udc00\ud800');
const junkText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  lone,
  fc.constantFrom('\u0000', 'a\u0000b', ' ', '  padded  ', '\n', '<img src=x onerror=alert(1)>', "'; drop table x; --"),
  fc.integer({ min: 1_000, max: 200_000 }).map((length) => 'x'.repeat(length)),
);
/** JSON text of objects or arrays nested up to 8,000 deep: deeper than the input guard's limit and a recursive walk. */
const nested = fc
  .tuple(fc.integer({ min: 2, max: 8_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );
const junk: fc.Arbitrary<unknown> = fc.oneof(
  junkText,
  fc.anything({ maxDepth: 4, maxKeys: 5 }),
  fc.constantFrom(null, true, -1, 0, 1.5, 1e300, -0, [], {}, Number.MAX_SAFE_INTEGER + 2),
);

/** A body from the schema, or one broken in some way: a field of the wrong type, an unknown field, not an object. */
function body(schema: JsonSchema): fc.Arbitrary<unknown> {
  const fields = Object.keys(schema.properties ?? {});
  const asObject = valid(schema) as fc.Arbitrary<Record<string, unknown>>;
  return fc.oneof(
    { weight: 5, arbitrary: asObject },
    fc.tuple(asObject, fc.constantFrom(...fields), junk).map(([object, field, value]) => ({ ...object, [field]: value })),
    fc.tuple(asObject, fc.string({ maxLength: 20 }), junk).map(([object, field, value]) => ({ ...object, [field]: value })),
    junk,
  );
}

/** A raw body: JSON of the value (lone surrogates escaped), bytes that are not JSON or not UTF-8, too big, too deep. */
const rawBody = (value: fc.Arbitrary<unknown>): fc.Arbitrary<string | Buffer> =>
  fc.oneof(
    { weight: 6, arbitrary: value.map((item) => JSON.stringify(item) ?? 'null') },
    fc.constantFrom('', '{', '{"amount":', 'null', '[]', '"text"', '{"a":1}}'),
    fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes)),
    fc.integer({ min: 1, max: 3 }).map((megabytes) => `{"reference":"${'x'.repeat(megabytes * 1024 * 1024)}"}`),
    nested,
    nested.map((text) => `{"amount":1000,"metadata":${text}}`),
  );

/** Percent-encodes any string as a client may put it in a URL (a lone surrogate goes as U+FFFD, as Node writes it). */
const encoded = (text: string) =>
  [...text]
    .map((char) =>
      /^[A-Za-z0-9_.~-]$/.test(char)
        ? char
        : [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''),
    )
    .join('');

const base64url = (text: string) => Buffer.from(text).toString('base64url');
const badCursor = fc.oneof(
  junkText,
  fc.anything({ maxDepth: 3 }).map((value) => base64url(JSON.stringify(value) ?? '')),
  fc.tuple(junk, junk, junk).map((tuple) => base64url(JSON.stringify(tuple))),
  fc
    .tuple(fc.constantFrom('test', 'production'), fc.date({ noInvalidDate: true }), fc.uuid())
    .map(([scope, at, id]) => base64url(JSON.stringify([scope, at.toISOString(), id]))),
);

/** A query parameter's value: from its schema, junk, or, for the cursor, a forged or broken one. */
const queryValue = (parameter: Parameter) =>
  fc.oneof(
    { weight: 3, arbitrary: valid(parameter.schema).map(String) },
    junkText,
    ...(parameter.name === 'cursor' ? [badCursor] : []),
    ...(parameter.name === 'from' || parameter.name === 'to'
      ? [fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }).map((d) => d.toISOString())]
      : []),
  );

function query(parameters: Parameter[]): fc.Arbitrary<string> {
  const inQuery = parameters.filter((parameter) => parameter.in === 'query');
  if (inQuery.length === 0) return fc.constant('');
  const pairs = fc.array(
    fc.oneof(
      {
        weight: 4,
        arbitrary: fc
          .constantFrom(...inQuery)
          .chain((parameter) => queryValue(parameter).map((value) => [parameter.name, value])),
      },
      fc.tuple(fc.string({ maxLength: 10 }), junkText),
    ),
    { maxLength: 4 },
  );
  const broken = fc.constantFrom(
    '?cursor=%',
    '?status=%zz',
    '?reference=%ED%A0%80',
    '?status=pending&status=failed',
    '?=',
    '?&&',
  );
  return fc.oneof(
    {
      weight: 6,
      arbitrary: pairs.map((list) =>
        list.length ? `?${list.map(([name, value]) => `${encoded(name!)}=${encoded(value!)}`).join('&')}` : '',
      ),
    },
    broken,
  );
}

function pathId(kind: keyof typeof known): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...known[kind]).map(encoded) },
    fc.uuid().map(encoded),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }).map(encoded),
    fc.integer({ min: 90, max: 5_000 }).map((length) => 'a'.repeat(length)),
    lone.map(encoded),
    fc.constantFrom('%00', 'a%00b', '%20', '..', '%2e%2e', '%', 'a%zz', '%C0%AF', '%ED%A0%80', '%E0%A4%A'),
  );
}

const authorization = () =>
  fc.oneof(
    { weight: 12, arbitrary: fc.constant(`Bearer ${keys.test}`) },
    fc.constant(`Bearer ${keys.live}`),
    fc.constant(undefined),
    fc.string({ unit: 'grapheme-ascii', maxLength: 60 }).map((text) => `Bearer ${text}`),
  );

const idempotencyKeyHeader = (parameter: Parameter | undefined) =>
  parameter
    ? fc.oneof(
        { weight: 3, arbitrary: fc.stringMatching(new RegExp(parameter.schema.pattern!)) },
        fc.uuid(),
        fc.constant(undefined),
        fc.string({ unit: 'grapheme-ascii', maxLength: 300 }),
      )
    : fc.constant(undefined);

const contentType = fc.oneof(
  { weight: 16, arbitrary: fc.constant('application/json') },
  fc.constantFrom('application/json; charset=utf-8', 'text/plain', 'application/x-www-form-urlencoded', 'APPLICATION/JSON'),
);

/**
 * A refund request's collection_id: the document's example names no collection here, so the refundable collections are
 * the examples too (drawn as the document's own are), and a refund can succeed as well as be refused.
 */
function refundingKnown(schema: JsonSchema): JsonSchema {
  const collection = schema.properties?.collection_id;
  if (!collection) return schema;
  const examples = [...(collection.examples ?? []), ...refundable];
  return { ...schema, properties: { ...schema.properties, collection_id: { ...collection, examples } } };
}

/** A payout batch's reference: the document's example is taken after its first batch, so fresh ones are examples too. */
function proposingFresh(schema: JsonSchema): JsonSchema {
  const reference = schema.properties?.reference;
  if (!reference || !schema.properties?.rows) return schema;
  const examples = [...(reference.examples ?? []), ...freshReferences];
  return { ...schema, properties: { ...schema.properties, reference: { ...reference, examples } } };
}

/** One generated request to the operation. */
function request(path: string, method: string, operation: Operation): fc.Arbitrary<InjectOptions> {
  const parameters = operation.parameters ?? [];
  const idParameter = parameters.find((parameter) => parameter.in === 'path');
  const url = idParameter
    ? pathId(
        path.includes('payout-batches')
          ? 'batch'
          : path.includes('payouts')
            ? 'payout'
            : path.includes('refunds')
              ? 'refund'
              : 'collection',
      ).map((id) => path.replace(`{${idParameter.name}}`, id))
    : fc.constant(path);
  const schema = operation.requestBody?.content['application/json'].schema;
  const key = parameters.find((parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key');
  return fc
    .record({
      url,
      search: query(parameters),
      auth: authorization(),
      key: idempotencyKeyHeader(key),
      payload: schema ? rawBody(body(proposingFresh(refundingKnown(resolved(schema))))) : fc.constant(undefined),
      type: contentType,
    })
    .map(({ url, search, auth, key, payload, type }) => ({
      method: method.toUpperCase() as 'GET' | 'POST',
      url: `${url}${search}`,
      headers: {
        ...(auth === undefined ? {} : { authorization: auth }),
        ...(key === undefined ? {} : { 'idempotency-key': key }),
        ...(payload === undefined ? {} : { 'content-type': type }),
      },
      ...(payload === undefined ? {} : { payload }),
    }));
}

const envelope = z.strictObject({
  status: z.literal('error'),
  message: z.string().min(1),
  code: z.enum(API_ERROR_CODE_VALUES),
  errors: z.array(z.string().min(1)).min(1).optional(),
  details: z
    .array(
      z.strictObject({
        row: z.int().min(1).optional(),
        field: z.string().min(1),
        code: z.string().min(1),
        message: z.string().min(1),
      }),
    )
    .min(1)
    .optional(),
});

/** What the answer must be, whatever was asked: checked against the document, not against the server's own schemas. */
function check(operation: Operation, sent: InjectOptions, res: InjectResponse) {
  const where = `${operation.operationId} ${sent.method} ${String(sent.url).slice(0, 300)} -> ${res.statusCode} ${res.body.slice(0, 500)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  // A path such as /v1/collections/%2e%2e names no endpoint: that 404 is not an answer of this operation.
  const ownAnswer = res.json().message !== MERCHANT_API_MESSAGES.endpointNotFound;
  const documented = ownAnswer ? operation.responses[String(res.statusCode)] : undefined;
  if (ownAnswer) expect(documented, `${where}: a status the document lists`).toBeDefined();
  if (res.statusCode >= 400) {
    expect(envelope.safeParse(res.json()).error?.issues ?? [], where).toEqual([]);
  } else {
    const schema = z.fromJSONSchema(resolved(documented!.content!['application/json'].schema) as z.core.JSONSchema.JSONSchema);
    expect(schema.safeParse(res.json()).error?.issues ?? [], where).toEqual([]);
  }
  for (const [name, header] of Object.entries(documented?.headers ?? {})) {
    const value = res.headers[name.toLowerCase()];
    if (header.required) expect(value, `${where}: header ${name}`).toBeDefined();
    if (value !== undefined) {
      const typed = header.schema.type === 'integer' ? Number(value) : value;
      const schema = z.fromJSONSchema(header.schema as z.core.JSONSchema.JSONSchema);
      expect(schema.safeParse(typed).success, `${where}: ${name}: ${value}`).toBe(true);
    }
  }
}

/** Whether an operation's answers so far include a 2xx and a 4xx. */
const reachedBothSides = (seen: Record<number, number>) => {
  const codes = Object.keys(seen).map(Number);
  return codes.some((code) => code < 300) && codes.some((code) => code >= 400);
};

describe('generated requests to every /v1 operation', () => {
  it('covers the eleven operations of the document', () => {
    const ids = Object.values(document.paths).flatMap((operations) => Object.values(operations).map((op) => op.operationId));
    expect(ids.sort()).toEqual([
      'createCollection',
      'createPayout',
      'createPayoutBatch',
      'createRefund',
      'getBalance',
      'getCollection',
      'getPayout',
      'getPayoutBatch',
      'getRefund',
      'listCollections',
      'listPayoutBatchRows',
    ]);
  });

  it(
    'never answer a 5xx or an undocumented status; 4xx in the envelope; 2xx matching the schema; declared headers sent',
    async () => {
      const statuses: Record<string, Record<number, number>> = {};
      for (const [path, operations] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const seen: Record<number, number> = {};
          statuses[operation.operationId] = seen;
          const property = fc.asyncProperty(request(path, method, operation), async (sent) => {
            const res = await t.app.inject(sent);
            seen[res.statusCode] = (seen[res.statusCode] ?? 0) + 1;
            check(operation, sent, res);
            if (res.statusCode === 201 && operation.operationId === 'createPayout') known.payout.push(res.json().data.id);
            if (res.statusCode === 201 && operation.operationId === 'createRefund') known.refund.push(res.json().data.id);
            if (res.statusCode === 201 && operation.operationId === 'createPayoutBatch') known.batch.push(res.json().data.id);
          });
          for (let round = 0; round === 0 || (round < MAX_ROUNDS && !reachedBothSides(seen)); round++) {
            const seed = process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) + round } : {};
            await fc.assert(property, { numRuns: RUNS, ...seed });
          }
        }
      }
      // The generators reach both sides: valid requests answered and bad ones refused, on every operation.
      for (const [operationId, seen] of Object.entries(statuses)) {
        const codes = Object.keys(seen).map(Number);
        expect(
          codes.some((code) => code < 300),
          `${operationId} ${JSON.stringify(seen)}`,
        ).toBe(true);
        expect(
          codes.some((code) => code >= 400),
          `${operationId} ${JSON.stringify(seen)}`,
        ).toBe(true);
      }
    },
    FUZZ_TIMEOUT,
  );
});
