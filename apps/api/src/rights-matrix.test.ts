/**
 * People and access: who may call each route is declared with the route (lib/route.ts) and read here from the app's
 * route table (decision 085), so a new route is walked without editing this file and one that declares no access fails.
 * Each of the six roles, as a real member who joined the account by invitation, calls every route that answers to a
 * member: a role whose right the route names gets past the guard, any other gets 403 with MESSAGES.forbiddenForRole,
 * and no session gets 401. The other routes are called without a session: the API key's and the operator's refuse the
 * call, the public ones and the callbacks answer it without asking for one.
 *
 * The calls carry no valid input (an unknown id in the path, an empty body): the guard runs in preValidation, before the
 * input is read (decision 046), so a role that gets past it is refused the input or answered, never acted for. Each
 * module's own tests call its routes with valid requests.
 */
import { randomUUID } from 'node:crypto';
import { RIGHTS, type Right, STAFF_ROLES, type StaffRole } from '@sente/contracts/constants';
import { API_ERROR_CODES } from '@sente/contracts/merchant-api';
import { MESSAGES, TEAM_MESSAGES } from '@sente/contracts/messages';
import { ROUTES as CATALOGUE, type RouteSchemas } from '@sente/contracts/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteEntry } from './app.ts';
import type { Access } from './lib/route.ts';
import { answer, get, post } from './testing/http.ts';
import { createPaymentLink, type Merchant } from './testing/payments.ts';
import { joinByInvitation } from './testing/rights.ts';
import { createTestApp, type TestApp } from './testing/test-app.ts';
import { createNamedMerchant } from './testing/transfers-more.ts';
import { createAccount } from './testing/users.ts';

/** No limit may hide an answer behind a 429 here. */
const ENV = Object.fromEntries(
  ['READ', 'WRITE', 'AUTH', 'PIN', 'PAY', 'PUBLIC', 'SHORTEN', 'PROVIDER_CALLBACK', 'V1'].map((name) => [
    `${name}_RATE_LIMIT_PER_MINUTE`,
    '1000000',
  ]),
);

/**
 * The design's table of rights, written out here rather than read from RIGHTS, so that a change to RIGHTS that departs
 * from it fails (the second test) instead of moving the expectations with it.
 */
const DESIGN_RIGHTS: Record<Right, readonly StaffRole[]> = {
  // see dashboard, collections, customers, links, reports
  view: ['owner', 'administrator', 'operations', 'developer', 'customer_support', 'user'],
  // create and edit links, donation links, digital items
  manageLinks: ['owner', 'administrator', 'operations'],
  // move money (transfers, settlements, payouts, refunds)
  moveMoney: ['owner', 'administrator', 'operations'],
  // resend a payer's receipt: Customer Support answers "I never got my receipt"
  resendReceipts: ['owner', 'administrator', 'operations', 'customer_support'],
  // API keys and webhooks
  manageDevelopers: ['owner', 'administrator', 'developer'],
  // team, business and bank details, compliance, logo, environment
  manageAccount: ['owner', 'administrator'],
};

const mayCall = (access: Access, role: StaffRole) =>
  access === 'session' || (typeof access === 'object' && DESIGN_RIGHTS[access.account].includes(role));
const answersToMember = (access: Access | undefined) => access === 'session' || typeof access === 'object';
const nameOf = (access: Access | undefined) =>
  access === undefined ? 'nothing declared' : typeof access === 'object' ? access.account : access;

let t: TestApp;
/** Kampala Crafts: the account every member joined. Its owner created it. */
let owner: Merchant;
const members = {} as Record<StaffRole, Merchant>;

const NAMES: Record<StaffRole, { firstname: string; lastname: string }> = {
  owner: { firstname: 'Ada', lastname: 'Nakato' },
  administrator: { firstname: 'Ivan', lastname: 'Tumusiime' },
  operations: { firstname: 'Brenda', lastname: 'Achieng' },
  developer: { firstname: 'Dan', lastname: 'Opio' },
  customer_support: { firstname: 'Sarah', lastname: 'Atim' },
  user: { firstname: 'Moses', lastname: 'Okot' },
};

beforeAll(async () => {
  t = await createTestApp(ENV);
  owner = await createNamedMerchant(t, 'Kampala Crafts', NAMES.owner);
  members.owner = owner;
  // The five other roles join by invitation; the owner is the account's creator.
  for (const role of STAFF_ROLES.filter((role) => role !== 'owner')) {
    members[role] = await joinByInvitation(t, owner, role, NAMES[role]);
  }
}, 120_000);
afterAll(() => t?.close());

const keyOf = (route: RouteEntry) => `${route.method} ${route.url}`;

/** The route called with an unknown id in each path parameter and an empty body: what only the guard may answer. */
function call(route: RouteEntry, headers: Record<string, string> = {}) {
  const url = route.url.replace(/:\w+/g, () => randomUUID()).replace('*', `${randomUUID()}.png`);
  const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
  return t.app.inject({
    method: route.method as 'GET',
    url,
    headers: { 'idempotency-key': randomUUID(), accept: 'application/json', ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
}

const currentAccountOf = async (userId: string) =>
  (await t.database.db.selectFrom('users').select('current_account_id').where('id', '=', userId).executeTakeFirstOrThrow())
    .current_account_id;

/** The zod object a route's body schema is, unwrapped from its effects and pipes, or undefined. */
function bodyKeys(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return bodyKeys(schema.in);
  return [];
}

describe('who may call each route', () => {
  it('every route of the app declares who may call it', () => {
    const routes = t.app.routeTable;
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((route) => route.access === undefined).map(keyOf)).toEqual([]);
  });

  it('the facts agree with one another: each says what the others imply', () => {
    const catalogue: Record<string, RouteSchemas> = CATALOGUE;
    const problems: string[] = [];
    for (const route of t.app.routeTable) {
      const access = nameOf(route.access);
      const key = keyOf(route);
      // A route counted per API key is the merchant API's, and the merchant API's routes are counted per key.
      if ((route.rateClass === 'key') !== (access === 'apiKey')) problems.push(`${key}: ${access} with class ${route.rateClass}`);
      // A provider's or gateway's callback is counted as one, and only those are.
      if ((route.rateClass === 'callback') !== (access === 'callback')) {
        problems.push(`${key}: ${access} with class ${route.rateClass}`);
      }
      // What takes a PIN, a PIN token or looks an account up is moving money.
      const takesPin = bodyKeys(catalogue[key]?.body).some((name) => name === 'pin_token' || name === 'pin');
      if ((takesPin || route.rateClass === 'pin' || route.rateClass === 'lookup') && access !== 'moveMoney') {
        problems.push(`${key}: takes a PIN or looks an account up, but needs ${access}`);
      }
      // The customer's pages, short links and receipts are anyone's.
      if (/^\/(api\/public|s|r|posters)\//.test(route.url) && access !== 'public') problems.push(`${key}: ${access}`);
    }
    expect(problems).toEqual([]);
  });

  it("RIGHTS in @sente/contracts is the design's table", () => {
    expect(RIGHTS).toEqual(DESIGN_RIGHTS);
  });

  it('each of the five other roles joined by invitation and is in the account with its role', async () => {
    const profiles = await Promise.all(
      STAFF_ROLES.map(async (role) => {
        const res = await get(t, members[role], '/api/user/profile');
        const { current_account, current_role } = res.json().data;
        return [role, current_account?.id, current_role];
      }),
    );
    expect(profiles).toEqual(STAFF_ROLES.map((role) => [role, owner.accountId, role]));
    const joined = await t.database.db
      .selectFrom('account_members')
      .select(['staff_role', 'creator_id', 'invite_expires_at'])
      .where('account_id', '=', owner.accountId)
      .where(
        'user_id',
        'in',
        STAFF_ROLES.map((role) => members[role].userId),
      )
      .execute();
    // Every member but the creator came in through an invitation the owner sent.
    expect(
      joined
        .filter((row) => row.invite_expires_at !== null)
        .map((row) => row.staff_role)
        .sort(),
    ).toEqual(STAFF_ROLES.filter((role) => role !== 'owner').sort());
    expect(joined.every((row) => row.creator_id === owner.userId)).toBe(true);
  });

  it('answers every route without a session as its access says', async () => {
    const problems: string[] = [];
    for (const route of t.app.routeTable) {
      const res = await call(route);
      const got = `${keyOf(route)} (${nameOf(route.access)}): ${res.statusCode} ${res.body.slice(0, 160)}`;
      if (answersToMember(route.access)) {
        if (res.statusCode !== 401 || res.json().message !== MESSAGES.unauthenticated) problems.push(got);
      } else if (route.access === 'apiKey') {
        if (res.statusCode !== 401 || res.json().code !== API_ERROR_CODES.invalidApiKey) problems.push(got);
      } else if (route.access === 'ops') {
        if (res.statusCode !== 403) problems.push(got);
      } else if (res.statusCode === 401 || res.statusCode >= 500) {
        problems.push(got);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

describe.each(STAFF_ROLES)('as %s', (role) => {
  it('gets past the guard of every route its role has the right to, and 403 on every other', async () => {
    const member = members[role];
    const problems: string[] = [];
    for (const route of t.app.routeTable.filter(({ access }) => answersToMember(access))) {
      const res = await call(route, { authorization: `Bearer ${member.accessToken}` });
      const refused = res.statusCode === 403 && res.json().message === MESSAGES.forbiddenForRole;
      const got = `${keyOf(route)} (${nameOf(route.access)}): ${res.statusCode} ${res.body.slice(0, 160)}`;
      if (mayCall(route.access as Access, role) ? refused || res.statusCode === 401 : !refused) problems.push(got);
      if ((await currentAccountOf(member.userId)) !== owner.accountId) problems.push(`${got}: left Kampala Crafts`);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('a member removed from the account loses access at once', () => {
  const removeMember = async (member: Merchant) => {
    const { id } = await t.database.db
      .selectFrom('account_members')
      .select('id')
      .where('account_id', '=', owner.accountId)
      .where('user_id', '=', member.userId)
      .executeTakeFirstOrThrow();
    expect(answer(await post(t, owner, `/api/staff/hide_staff/${id}`))).toEqual([200, TEAM_MESSAGES.memberRemoved]);
  };

  it('with no other account, their very next request, on the same access token, is refused: no current account', async () => {
    const admin = await joinByInvitation(t, owner, 'administrator', { firstname: 'Ruth', lastname: 'Nabirye' });
    expect((await get(t, admin, '/api/staff/list')).statusCode).toBe(200);
    await removeMember(admin);
    expect(answer(await get(t, admin, '/api/staff/list'))).toEqual([409, MESSAGES.noCurrentAccount]);
    expect(answer(await get(t, admin, '/api/collections'))).toEqual([409, MESSAGES.noCurrentAccount]);
    const pin = await post(t, admin, '/api/wallet/pin_exists', {});
    expect(answer(pin)).toEqual([409, MESSAGES.noCurrentAccount]);
    expect((await get(t, admin, '/api/user/profile')).json().data.staff_profiles).toEqual([]);
  });

  it('with an account of their own, their next request acts on their own account, and they cannot switch back', async () => {
    const ops = await joinByInvitation(t, owner, 'operations', { firstname: 'Paul', lastname: 'Kato' });
    const ownId = await createAccount(t, ops.accessToken, 'Kato Repairs');
    // Creating Kato Repairs took Paul into it: back to Kampala Crafts, the account he is then removed from.
    const switched = await post(t, ops, '/api/sente-account/switch-account', { sente_account_id: owner.accountId });
    expect(switched.statusCode).toBe(200);
    await createPaymentLink(t, owner);
    expect((await get(t, ops, '/api/payment-link')).json().data.items.length).toBeGreaterThan(0);
    await removeMember(ops);
    expect(await currentAccountOf(ops.userId)).toBe(ownId);
    // Kato Repairs has no links: nothing of Kampala Crafts is listed.
    expect((await get(t, ops, '/api/payment-link')).json().data.items).toEqual([]);
    const back = await post(t, ops, '/api/sente-account/switch-account', { sente_account_id: owner.accountId });
    expect(answer(back)).toEqual([404, MESSAGES.accountNotFound]);
  });
});
