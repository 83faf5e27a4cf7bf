/**
 * Decision 044: one error handler for every context, Fastify's own refusals in the envelope, and an input guard that no
 * nesting can crash. What a client receives is asserted as it is received: the status, the envelope and, under /v1,
 * its code.
 */
import { MAX_BODY_BYTES, MAX_INPUT_DEPTH, MAX_PATH_VALUE_LENGTH } from '@sente/contracts/constants';
import { MERCHANT_API_MESSAGES } from '@sente/contracts/merchant-api';
import { LINK_MESSAGES, MESSAGES } from '@sente/contracts/messages';
import { PAYMENT_MESSAGES } from '@sente/contracts/payments';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiKeysOf, MERCHANT_API_ENV } from '../testing/merchant-api.ts';
import { createMerchant, createPaymentLink, type Merchant } from '../testing/payments.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { bearer } from '../testing/users.ts';
import { firstInputProblem } from './input-guard.ts';

let t: TestApp;
let merchant: Merchant;
let testKey: string;
let linkRef: string;

beforeAll(async () => {
  t = await createTestApp({ ...MERCHANT_API_ENV, AUTH_RATE_LIMIT_PER_MINUTE: '100000', PUBLIC_RATE_LIMIT_PER_MINUTE: '100000' });
  merchant = await createMerchant(t);
  testKey = (await apiKeysOf(t, merchant)).test_key;
  linkRef = (await createPaymentLink(t, merchant)).ref;
}, 60_000);
afterAll(() => t?.close());

/** `{"a":` repeated `levels` times around a 1: an object nested `levels` deep. */
const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

type Call = { method: 'GET' | 'POST'; url: string; payload?: string; headers?: Record<string, string> };

/** Sends as the caller of each context would: /v1 with the API key, /api with the merchant's session. */
function send({ method, url, payload, headers = {} }: Call) {
  const auth = url.startsWith('/v1/') ? { authorization: `Bearer ${testKey}` } : bearer(merchant.accessToken);
  const type = payload === undefined ? {} : { 'content-type': 'application/json' };
  return t.app.inject({ method, url, headers: { ...auth, ...type, ...headers }, ...(payload === undefined ? {} : { payload }) });
}

/** The envelope as received: without a code outside /v1, with one under it. */
const dashboardError = (message: string) => ({ status: 'error', message });
const v1Error = (message: string, code = 'invalid_request') => ({ status: 'error', message, code });
const received = (res: LightMyRequestResponse) => ({ status: res.statusCode, body: res.json() });

describe('deeply nested JSON', () => {
  const tooDeep = MESSAGES.nestedTooDeep(MAX_INPUT_DEPTH);

  it('names the limit in the message', () => {
    expect(tooDeep).toContain(String(MAX_INPUT_DEPTH));
  });

  it.each([
    ['the sign-in', '/api/login'],
    ['a dashboard POST', '/api/payment-link/create'],
    ['a public pay route', '/api/public/links/:ref/pay'],
  ])('is a 400 naming the limit on %s, never a 500', async (_, path) => {
    const res = await send({ method: 'POST', url: path.replace(':ref', linkRef), payload: nested(3000) });
    expect(received(res)).toEqual({ status: 400, body: dashboardError(tooDeep) });
  });

  it('is a 400 naming the limit on /v1/collections, before its zod schema sees the body', async () => {
    const body = `{"amount":1000,"phone":"0772123456","channel":"MTN_UG","metadata":${nested(3000)}}`;
    const res = await send({ method: 'POST', url: '/v1/collections', payload: body });
    expect(received(res)).toEqual({ status: 400, body: v1Error(tooDeep) });
  });

  it('survives nesting far beyond the call stack (the JSON parser too)', async () => {
    const res = await send({ method: 'POST', url: '/api/login', payload: nested(150_000) });
    expect(received(res)).toEqual({ status: 400, body: dashboardError(tooDeep) });
  });

  it('takes exactly the limit and refuses one level more', () => {
    const value = (levels: number) => JSON.parse(nested(levels));
    expect(firstInputProblem(value(MAX_INPUT_DEPTH))).toBeUndefined();
    expect(firstInputProblem(value(MAX_INPUT_DEPTH + 1))).toEqual({ kind: 'depth' });
    expect(firstInputProblem(JSON.parse(`${'['.repeat(MAX_INPUT_DEPTH + 1)}${']'.repeat(MAX_INPUT_DEPTH + 1)}`))).toEqual({
      kind: 'depth',
    });
  });

  it('still names the first bad text in reading order, keys before what they hold', () => {
    expect(firstInputProblem({ a: { b: 'x\u0000' }, 'c\u0000': 1 })).toEqual({ kind: 'character', where: 'a.b' });
    expect(firstInputProblem({ ok: 1, 'c\u0000': { b: 'x\u0000' } })).toEqual({ kind: 'character', where: 'The request' });
    expect(firstInputProblem({ list: ['fine', 'b\ud800'] })).toEqual({ kind: 'character', where: 'list.1' });
    expect(firstInputProblem('x\udfff')).toEqual({ kind: 'character', where: 'The request' });
  });
});

describe("Fastify's own refusals, in the envelope", () => {
  it.each([
    ['a dashboard path', { method: 'GET', url: '/api/public/payments/%E0%A4%A' }, dashboardError(MESSAGES.invalidPathValue)],
    ['a /v1 path', { method: 'GET', url: '/v1/collections/%E0%A4%A' }, v1Error(MESSAGES.invalidPathValue)],
  ] as const)('a bad percent-encoding in %s is a 400', async (_, call, body) => {
    expect(received(await send(call))).toEqual({ status: 400, body });
  });

  const tooLong = 'x'.repeat(MAX_PATH_VALUE_LENGTH + 1);
  it.each([
    ['a dashboard id', { method: 'GET', url: `/api/public/payments/${tooLong}` }, dashboardError],
    ['a /v1 id', { method: 'GET', url: `/v1/payouts/${tooLong}` }, v1Error],
  ] as const)('%s over the longest path value is a 400 naming it', async (_, call, envelope) => {
    const body = envelope(MESSAGES.pathValueTooLong(MAX_PATH_VALUE_LENGTH));
    expect(received(await send(call))).toEqual({ status: 400, body });
  });

  it("carries the security headers every answer has, though no hook runs for the router's refusals", async () => {
    for (const url of ['/api/public/payments/%E0%A4%A', `/v1/payouts/${tooLong}`]) {
      const { headers } = await send({ method: 'GET', url });
      expect(headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['cache-control'], url).toBe('no-store');
    }
  });

  it('takes a path value of exactly the longest length (a 404, not a refused address)', async () => {
    const res = await send({ method: 'GET', url: `/v1/payouts/${'x'.repeat(MAX_PATH_VALUE_LENGTH)}` });
    expect(received(res)).toEqual({ status: 404, body: v1Error(MERCHANT_API_MESSAGES.payoutNotFound, 'not_found') });
  });

  it('names the field of each refusal of a body, by its path, on the dashboard and the pay page but not under /v1', async () => {
    const link = await send({
      method: 'POST',
      url: '/api/payment-link/create',
      payload: JSON.stringify({ title: ' ', amount: -5, extra_fields: [{ type: 'text', label: '' }] }),
    });
    expect(link.statusCode).toBe(400);
    expect(link.json().fields).toEqual({
      title: LINK_MESSAGES.titleMissing,
      amount: LINK_MESSAGES.amountNegative,
      'extra_fields.0.label': LINK_MESSAGES.labelMissing,
    });
    // A rule of the service, not of the schema, names its field too: an attachment this account never uploaded.
    const attachment = await send({
      method: 'POST',
      url: '/api/payment-link/create',
      payload: JSON.stringify({ title: 'Fees', amount: 5000, attachments: ['attachments/never-uploaded.pdf'] }),
    });
    expect(attachment.json()).toMatchObject({ fields: { attachments: LINK_MESSAGES.attachmentNotUploaded } });
    // And a rule across fields of the schema: the number is not on the network chosen.
    const pay = await send({
      method: 'POST',
      url: `/api/public/links/${linkRef}/pay`,
      payload: JSON.stringify({ names: 'Okello', phone: '0772123456', channel: 'AIRTEL', extra_data: [] }),
    });
    expect(pay.json()).toMatchObject({ status: 'error', fields: { phone: PAYMENT_MESSAGES.notAirtelNumber } });
    const v1 = await send({ method: 'POST', url: '/v1/collections', payload: JSON.stringify({ amount: 'x' }) });
    expect(v1.statusCode).toBe(400);
    expect(v1.json()).not.toHaveProperty('fields');
  });

  it.each([
    ['a route that reads fields', '/api/payment-link/create'],
    ['a route that reads no body', '/api/keys/generate'],
    ['the sign-in', '/api/login'],
  ])('a JSON body that is not an object on %s is a 400 saying so', async (_, url) => {
    for (const payload of ['[1, 2]', '"text"', '42']) {
      const res = await send({ method: 'POST', url, payload });
      expect(received(res), `${url} ${payload}`).toEqual({
        status: 400,
        body: { ...dashboardError(MESSAGES.bodyNotObject), errors: [MESSAGES.bodyNotObject] },
      });
    }
  });

  it.each([
    ['the sign-in', '/api/login', dashboardError],
    ['/v1/collections', '/v1/collections', v1Error],
  ] as const)('a body that is not JSON on %s is a 415', async (_, url, envelope) => {
    const res = await send({
      method: 'POST',
      url,
      payload: 'amount=1000',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(received(res)).toEqual({ status: 415, body: envelope(MESSAGES.unsupportedMediaType) });
  });

  const huge = JSON.stringify({ emailOrPhone: 'a@example.com', password: 'x'.repeat(MAX_BODY_BYTES) });
  it.each([
    ['the sign-in', '/api/login', dashboardError],
    ['/v1/payouts', '/v1/payouts', v1Error],
  ] as const)('a body over the limit on %s is a 413 naming the limit', async (_, url, envelope) => {
    const res = await send({ method: 'POST', url, payload: huge });
    expect(received(res)).toEqual({ status: 413, body: envelope(MESSAGES.bodyTooLarge(MAX_BODY_BYTES)) });
    expect(res.json().message).toContain('1 MB');
  });

  it("names a route's own smaller limit (a provider callback takes 16 KB)", async () => {
    const res = await send({ method: 'POST', url: '/api/providers/mtn/callback/any', payload: huge.slice(0, 20_000) });
    expect(received(res)).toEqual({ status: 413, body: dashboardError(MESSAGES.bodyTooLarge(16 * 1024)) });
    expect(res.json().message).toContain('16 KB');
  });

  it.each([
    ['broken JSON', '{"amount": 1000,'],
    ['an empty JSON body', ''],
  ])('%s is a 400 with the one invalid-JSON message in every context', async (_, payload) => {
    expect(received(await send({ method: 'POST', url: '/api/login', payload }))).toEqual({
      status: 400,
      body: dashboardError(MESSAGES.invalidJson),
    });
    expect(received(await send({ method: 'POST', url: '/v1/collections', payload }))).toEqual({
      status: 400,
      body: v1Error(MESSAGES.invalidJson),
    });
  });
});

describe('/v1 answers as before the handlers were merged', () => {
  it('keeps the envelope byte for byte: status, message, code, then every problem, then each by field', async () => {
    const res = await send({ method: 'POST', url: '/v1/collections', payload: '{"amount":"lots"}' });
    expect(res.statusCode).toBe(400);
    const { message, errors, details } = res.json();
    expect(errors.length).toBeGreaterThan(1);
    // `details` came after the others: a field added at the end, each field's first problem with its rule.
    expect(details).toContainEqual({ field: 'amount', code: 'invalid_type', message });
    expect(res.body).toBe(JSON.stringify({ status: 'error', message, code: 'invalid_request', errors, details }));
  });

  it('answers an unknown /v1 address with not_found', async () => {
    const res = await send({ method: 'GET', url: '/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(JSON.stringify(v1Error(MERCHANT_API_MESSAGES.endpointNotFound, 'not_found')));
  });

  it('answers a missing key with invalid_api_key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/balance' });
    expect(received(res)).toEqual({ status: 401, body: v1Error(MERCHANT_API_MESSAGES.keyMissing, 'invalid_api_key') });
  });

  it('documents 413 and 415 on the operations that take a body', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    for (const path of ['/v1/collections', '/v1/payouts']) {
      expect(Object.keys(document.paths[path].post.responses)).toEqual(expect.arrayContaining(['400', '413', '415']));
    }
  });
});
