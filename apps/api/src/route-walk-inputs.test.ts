/**
 * Every registered route (read from the app's own route table, so a new route is walked without editing this file),
 * called as a signed-in owner with what a careless client or an attacker sends: NUL bytes, lone surrogates, huge
 * strings, wrong types, prototype keys, invalid JSON, deep nesting, bad path parameters and bad cursors. No answer may be
 * a 5xx, and every 4xx is the error envelope with a message.
 */
import { randomUUID } from 'node:crypto';
import { MAX_INPUT_DEPTH } from '@sente/contracts/constants';
import { LINK_MESSAGES, MESSAGES } from '@sente/contracts/messages';
import { WALLET_MESSAGES } from '@sente/contracts/transfers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from './app.ts';
import { type OwnFiles, PAYMENT_LINK, uploadOwnFiles } from './testing/links.ts';
import { apiKeysOf } from './testing/merchant-api.ts';
import { readOutbox } from './testing/outbox.ts';
import { createDigitalItem, createPaymentLink, type Merchant, payId } from './testing/payments.ts';
import { type RealRecords, SAMPLE_BODIES } from './testing/route-samples.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';
import { fundWallet, PIN, pinToken, saveBankDetails, WALLET_ENV } from './testing/transfers.ts';
import { createAliceAndBob, switchAccount } from './testing/transfers-more.ts';
import { SAMPLES, uploadPath } from './testing/upload-fixtures.ts';
import { bearer, signIn } from './testing/users.ts';

/** No limit may hide an answer behind a 429 here. */
const UNLIMITED = {
  ...WALLET_ENV,
  AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
  SHORTEN_RATE_LIMIT_PER_MINUTE: '1000000',
  V1_RATE_LIMIT_PER_MINUTE: '1000000',
};

let t: TestApp;
let owner: Merchant;
let other: Merchant;
/** Real values of the owner's records, so that a request gets past "not found" to where its input is used. */
let real: RealRecords;
/** The owner's own uploads, which link forms may point at. */
let files: OwnFiles;

beforeAll(async () => {
  t = await createTestApp(UNLIMITED);
  ({ alice: owner, bob: other } = await createAliceAndBob(t));
  const link = await createPaymentLink(t, owner, { fixed_amount: false });
  const item = await createDigitalItem(t, owner);
  await fundWallet(t, owner, 500_000);
  await saveBankDetails(t, owner);
  files = await uploadOwnFiles(t, owner);
  const paidId = await payId(t, link.ref, { amount: 400_000 });
  await t.app.services.payments.settle(paidId, { status: 'successful', message: null });
  const refund = await t.app.inject({
    method: 'POST',
    url: '/v1/refunds',
    headers: { authorization: `Bearer ${(await apiKeysOf(t, owner)).test_key}` },
    payload: { collection_id: paidId, amount: 1000 },
  });
  if (refund.statusCode !== 201) throw new Error(`POST /v1/refunds answered ${refund.statusCode}: ${refund.body}`);
  const batch = await t.app.inject({
    method: 'POST',
    url: '/v1/payout-batches',
    headers: { authorization: `Bearer ${(await apiKeysOf(t, owner)).test_key}`, 'idempotency-key': randomUUID() },
    payload: { reference: 'Walked batch', rows: [{ phone: '0772123456', amount: 1000, name: 'Okello John' }] },
  });
  if (batch.statusCode !== 201) throw new Error(`POST /v1/payout-batches answered ${batch.statusCode}: ${batch.body}`);
  real = {
    linkId: link.id,
    linkRef: link.ref,
    itemId: item.id,
    itemRef: item.ref,
    paymentId: await payId(t, link.ref, { amount: 5000 }),
    file: item.file,
    paidId,
    refundId: refund.json().data.id,
    batchId: batch.json().data.id,
  };
}, 60_000);
afterAll(() => t?.close());

type Body = Record<string, unknown>;

/** A six-digit code this address was never sent, so that a reset's wrong code cannot be right by chance. */
function codeNotSentTo(email: string): string {
  const sent = new Set(readOutbox(t.outboxDir, email).flatMap((message) => message.match(/^\d{6}$/gm) ?? []));
  let code = 0;
  while (sent.has(String(code).padStart(6, '0'))) code++;
  return String(code).padStart(6, '0');
}

/** One PIN token serves the money routes until a call spends it (minting one per call would take most of the walk). */
let pinTokenInHand: string | undefined;
/** The owner's own certificate upload, made on first use, for the business details and compliance samples. */
let certificateInHand: string | undefined;

/** A valid body for the route (testing/route-samples.ts), so that one spoiled field is the only thing wrong. */
async function sampleBody(route: RouteEntry): Promise<Body> {
  const token = async () => {
    if (!pinTokenInHand) {
      await stayedSignedIn();
      pinTokenInHand = await pinToken(t, owner, PIN);
    }
    return { pin_token: pinTokenInHand };
  };
  const certificate = async () => {
    certificateInHand ??= await uploadPath(t, owner.accessToken, { bytes: SAMPLES.pdf, name: 'walk.pdf' }, 'certificates');
    return certificateInHand;
  };
  const sample = SAMPLE_BODIES[`${route.method} ${route.url}`];
  return sample ? await sample({ owner, other, real, files, pinToken: token, certificate, codeNotSentTo }) : { name: 'value' };
}

/** Values that replace one field at a time. */
const SPOILED_VALUES: [string, unknown][] = [
  ['a NUL byte', 'ab\u0000cd'],
  ['a lone surrogate', 'ab\ud800cd'],
  ['a trailing lone surrogate', 'abc\udfff'],
  ['a huge string', 'x'.repeat(200_000)],
  ['a huge number', 1e308],
  ['a negative number', -1],
  ['a fraction', 0.5],
  ['a boolean', true],
  ['null', null],
  ['an object', { nested: 'value' }],
  ['an array', ['a', 'b']],
  ['a hex string', '0x10'],
];

/** Whole bodies sent as raw text. */
const RAW_BODIES: [string, string][] = [
  ['invalid JSON', '{"title": "a",'],
  ['a prototype key', '{"__proto__": {"isAdmin": true}, "title": "a"}'],
  ['a constructor.prototype key', '{"constructor": {"prototype": {"isAdmin": true}}}'],
  ['an array', '[1, 2, 3]'],
  ['a string', '"hello"'],
  ['a NUL inside a key', '{"ti\\u0000tle": "a"}'],
];

/** Path parameter values, already URL-encoded. */
const BAD_PARAMS: [string, string][] = [
  ['a NUL byte', 'ab%00cd'],
  ['an invalid UTF-8 sequence', '%ED%A0%80'],
  ['a broken escape', '%E0%A4%A'],
  ['a huge value', 'x'.repeat(5000)],
  ['a path climb', '..%2F..%2Fsecrets.json'],
  ['quotes', '%27%20OR%201%3D1--'],
  ['an unknown uuid', '00000000-0000-4000-8000-000000000000'],
];

const cursorOf = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');
/** Query strings for a GET route whose cursors carry `scope`: bad cursors above all, then spoiled search and paging values. */
const badQueries = (scope: string): [string, string][] => [
  ['an impossible date in the cursor', `cursor=${cursorOf([scope, '2026-02-31 25:61:00+00', randomUUID()])}`],
  ['a +99 h zone in the cursor', `cursor=${cursorOf([scope, '2026-01-01 10:00:00+99', randomUUID()])}`],
  [
    'a non-UUID id in the cursor',
    `cursor=${cursorOf([scope, '2026-01-01 10:00:00+00', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz'])}`,
  ],
  ['a year 0 cursor', `cursor=${cursorOf([scope, '0000-01-01 00:00:00+00', randomUUID()])}`],
  ['a cursor far beyond any date', `cursor=${cursorOf([scope, '99999-01-01 00:00:00+00', randomUUID()])}`],
  ['a cursor of the wrong shape', `cursor=${cursorOf({ a: 1 })}`],
  ['a cursor that is not base64', 'cursor=%%%'],
  ['two cursors', 'cursor=a&cursor=b'],
  ['a huge cursor', `cursor=${'A'.repeat(10_000)}`],
  ['a NUL cursor', 'cursor=%00'],
  ['a NUL in the search', 'search=ab%00cd&q=ab%00cd'],
  ['a lone surrogate in the search', 'search=%ED%A0%80&q=%ED%A0%80'],
  ['wrong paging values', 'page=-1&limit=abc&per_page=1e9&status=%00'],
  ['a prototype key', '__proto__[x]=1&constructor[prototype][x]=1'],
  ['a NUL in the path query', 'path=ab%00cd'],
];
/** The cursor scope of each list, so that a spoiled cursor is otherwise one the list would take. */
const LIST_SCOPES: Record<string, string> = {
  '/api/payment-link': 'payment_link',
  '/api/donation-link': 'donation_link',
  '/api/donation-link/get_digital_items': 'digital_item',
  '/api/collections': 'collections',
  '/api/customers': 'customers',
  '/api/settlements': 'transfers',
  '/api/payment-link/collections/:ref': 'live',
  '/api/webhook/deliveries': 'webhook_deliveries',
  '/v1/collections': 'collections',
};

/** Routes served from the built web app's files, which read nothing from the request (an API route may end in a file name: `qr.png`). */
const isStaticFile = (route: RouteEntry) =>
  route.url.startsWith('/assets/') || (!route.url.startsWith('/api/') && /\.\w+$/.test(route.url));

function fillParams(url: string, value: (name: string) => string): string {
  return url.replace(/:(\w+)/g, (_, name: string) => value(name)).replace('*', value('*'));
}

/** A real value for each path parameter, so a spoiled body reaches the handler. */
function realParam(route: RouteEntry, name: string): string {
  if (name === '*') return real.file;
  if (route.url.includes('digital_item') || route.url.includes('degital')) return name === 'ref' ? real.itemRef : real.itemId;
  if (route.url.startsWith('/api/public/payments/') || route.url.startsWith('/v1/collections/')) return real.paymentId;
  // A payment's detail, receipt and refund: the successful one, so that a spoiled body reaches the refund's checks.
  if (route.url.startsWith('/api/collections/:id')) return real.paidId;
  if (route.url.startsWith('/v1/refunds/')) return real.refundId;
  if (route.url.startsWith('/v1/payout-batches/')) return real.batchId;
  return name === 'ref' ? real.linkRef : name === 'code' ? 'abcdef' : real.linkId;
}

type Outcome = { request: string; status: number; body: string };

/** Some walked routes end the session they are called with (logout, a refresh with a spoiled token): sign in again. */
async function stayedSignedIn(): Promise<void> {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(owner.accessToken) });
  if (res.statusCode === 401) owner = { ...owner, ...(await signIn(t, owner.email)) };
}

/** Sends as the route's access asks: the owner's current API key to the merchant API's, else the owner's session. */
async function send(route: Pick<RouteEntry, 'method' | 'access'>, url: string, payload?: string | Body): Promise<Outcome> {
  const { method } = route;
  // The walk generates new keys (POST /api/keys/generate): the merchant API is called with the current one.
  const apiKey = route.access === 'apiKey' ? (await apiKeysOf(t, owner)).test_key : undefined;
  const once = () => {
    const auth = apiKey ? { authorization: `Bearer ${apiKey}` } : bearer(owner.accessToken);
    // A client of the API asks for JSON; the public pages answer a browser a page instead (public-pages.test.ts).
    const headers: Record<string, string> = { ...auth, accept: 'application/json', 'idempotency-key': randomUUID() };
    if (typeof payload === 'string') headers['content-type'] = 'application/json';
    return t.app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload }) });
  };
  let res = await once();
  // The session was ended by a walked route (logout, reuse of a refresh token): sign in again and send it once more.
  if (res.statusCode === 401 && res.body.includes(MESSAGES.unauthenticated)) {
    await stayedSignedIn();
    res = await once();
  }
  if (res.statusCode < 300 || res.body.includes(WALLET_MESSAGES.pinTokenInvalid)) pinTokenInHand = undefined;
  // A new account becomes its creator's current one: back to the owner's, where the walk's records are.
  if (res.statusCode === 201 && url === '/api/sente-account/create-account') await switchAccount(t, owner, owner.accountId);
  return { request: `${method} ${url.slice(0, 120)}`, status: res.statusCode, body: res.body };
}

/** What is wrong with an answer: a 5xx, or a 4xx outside the envelope or without a message. Undefined when it is fine. */
function problemWith(outcome: Outcome, what: string): string | undefined {
  const { status, body } = outcome;
  if (status >= 500) return `${outcome.request} with ${what}: ${status} ${body.slice(0, 200)}`;
  if (status >= 400) {
    let answer: { status?: unknown; message?: unknown } = {};
    try {
      answer = JSON.parse(body);
    } catch {
      return `${outcome.request} with ${what}: ${status} outside the envelope: ${body.slice(0, 120)}`;
    }
    if (answer.status !== 'error')
      return `${outcome.request} with ${what}: ${status} outside the envelope: ${body.slice(0, 120)}`;
    if (typeof answer.message !== 'string' || answer.message.trim() === '')
      return `${outcome.request} with ${what}: ${status} without a message`;
  }
  return undefined;
}

const walked = () => t.app.routeTable.filter((route) => !isStaticFile(route));

describe('every route, with what a careless client or an attacker sends', () => {
  it('reads the routes from the app itself', () => {
    expect(walked().length).toBeGreaterThan(50);
    expect(walked()).toContainEqual(expect.objectContaining({ method: 'POST', url: '/api/wallet-transfers/p2p' }));
  });

  it('answers every spoiled body field with a 4xx message, never a 5xx', async () => {
    const problems: string[] = [];
    for (const route of walked().filter((r) => r.method !== 'GET')) {
      const url = fillParams(route.url, (name) => realParam(route, name));
      const fields = Object.keys(await sampleBody(route));
      for (const field of fields) {
        for (const [what, value] of SPOILED_VALUES) {
          const body = { ...(await sampleBody(route)), [field]: value };
          const problem = problemWith(await send(route, url, body), `${field} as ${what}`);
          if (problem) problems.push(problem);
        }
      }
      for (const [what, payload] of RAW_BODIES) {
        const problem = problemWith(await send(route, url, payload), what);
        if (problem) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
  }, 240_000);

  it('answers a body nested far deeper than the limit with a 400 naming it, never a 500', async () => {
    // 8,000 levels: beyond the call stack of a recursive walk, in fewer than the 16 KB a provider callback takes.
    const deep = `{"a":${'['.repeat(8000)}${']'.repeat(8000)}}`;
    const problems: string[] = [];
    for (const route of walked().filter((r) => r.method !== 'GET')) {
      const outcome = await send(
        route,
        fillParams(route.url, (name) => realParam(route, name)),
        deep,
      );
      const message = outcome.status === 400 ? (JSON.parse(outcome.body) as { message?: unknown }).message : undefined;
      if (message !== MESSAGES.nestedTooDeep(MAX_INPUT_DEPTH)) {
        problems.push(`${outcome.request}: ${outcome.status} ${outcome.body.slice(0, 120)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers spoiled nested fields (extra fields, extra data) with a 4xx message', async () => {
    const cases: [string, string, Body][] = [
      ['POST', '/api/payment-link/create', { ...PAYMENT_LINK, extra_fields: [{ type: 'text', label: 'ab\ud800', options: [] }] }],
      [
        'POST',
        '/api/payment-link/create',
        { ...PAYMENT_LINK, extra_fields: [{ type: 'select', label: 'a', options: ['x\u0000'] }] },
      ],
      [
        'POST',
        `/api/public/links/${real.linkRef}/pay`,
        { names: 'A', channel: 'MTN_UG', phone: '0772123456', amount: 1000, extra_data: [{ label: 'a', value: 'b\u0000' }] },
      ],
      ['POST', '/api/sente-account/update-bank-details', { bank_name: 'A\ud800', account_number: '1', account_name: 'B' }],
    ];
    const problems: string[] = [];
    for (const [method, url, body] of cases) {
      const outcome = await send({ method }, url, body);
      const problem = problemWith(outcome, 'a spoiled nested value');
      if (problem) problems.push(problem);
      else if (outcome.status < 400) problems.push(`${outcome.request}: accepted a spoiled nested value (${outcome.status})`);
    }
    expect(problems).toEqual([]);
  });

  it('answers bad path parameters with a 4xx message, never a 5xx', async () => {
    const problems: string[] = [];
    for (const route of walked().filter((r) => /[:*]/.test(r.url))) {
      for (const [what, value] of BAD_PARAMS) {
        const url = fillParams(route.url, () => value);
        const body = route.method === 'GET' ? undefined : await sampleBody(route);
        const problem = problemWith(await send(route, url, body), `a path parameter with ${what}`);
        if (problem) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('answers bad cursors and query values with a 4xx message, never a 5xx', async () => {
    const problems: string[] = [];
    for (const route of walked().filter((r) => r.method === 'GET')) {
      const url = fillParams(route.url, (name) => realParam(route, name));
      for (const [what, query] of badQueries(LIST_SCOPES[route.url] ?? 'collections')) {
        const problem = problemWith(await send(route, `${url}?${query}`), what);
        if (problem) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it('says the cursor is not valid for every impossible cursor on every list', async () => {
    const problems: string[] = [];
    for (const [list, scope] of Object.entries(LIST_SCOPES)) {
      const route = t.app.routeTable.find((entry) => entry.method === 'GET' && entry.url === list);
      if (!route) throw new Error(`no route GET ${list}`);
      const url = fillParams(list, (name) => realParam(route, name));
      for (const [what, query] of badQueries(scope).slice(0, 9)) {
        const outcome = await send(route, `${url}?${query}`);
        if (outcome.status !== 400 || JSON.parse(outcome.body).message !== LINK_MESSAGES.invalidCursor) {
          problems.push(`${list} with ${what}: ${outcome.status} ${outcome.body.slice(0, 120)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
