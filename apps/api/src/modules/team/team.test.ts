import { STAFF_ROLES, type StaffRole } from '@sente/contracts/constants';
import { LINK_MESSAGES, MESSAGES, TEAM_MESSAGES as T } from '@sente/contracts/messages';
import type { StaffMember } from '@sente/contracts/team';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, get, post } from '../../testing/http.ts';
import { lastMessage } from '../../testing/outbox.ts';
import type { Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createMember, createNamedMerchant } from '../../testing/transfers-more.ts';
import { createSignedInUser, signIn, signUpAndVerify, uniqueEmail } from '../../testing/users.ts';
import { hashInviteToken } from './service.ts';

let t: TestApp;
let owner: Merchant;
let other: Merchant;

const invite = (who: { accessToken: string }, body: object) => post(t, who, '/api/staff/register', body);
const remove = (who: { accessToken: string }, id: string) => post(t, who, `/api/staff/hide_staff/${id}`);
const list = (who: { accessToken: string }, cursor?: string) =>
  get(t, who, `/api/staff/list${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
const members = async (who: { accessToken: string }): Promise<StaffMember[]> => {
  const items: StaffMember[] = [];
  let cursor: string | undefined;
  do {
    const data = (await list(who, cursor)).json().data;
    items.push(...data.items);
    cursor = data.nextCursor ?? undefined;
  } while (cursor);
  return items;
};
const rowOf = async (who: { accessToken: string }, email: string) => (await members(who)).find((m) => m.email === email);

beforeAll(async () => {
  t = await createTestApp();
  [owner, other] = await Promise.all([
    createNamedMerchant(t, 'Kampala Crafts', { firstname: 'Ada', lastname: 'Nakato' }),
    createNamedMerchant(t, 'Gulu Traders', { firstname: 'Okot', lastname: 'Opio' }),
  ]);
}, 60_000);
afterAll(() => t?.close());

describe('POST /api/staff/register', () => {
  it('answers the messages for a missing e-mail or role, and refuses a role not in the list', async () => {
    expect(answer(await invite(owner, { staff_role: 'user' }))).toEqual([400, T.emailMissing]);
    expect(answer(await invite(owner, { email: '  ', staff_role: 'user' }))).toEqual([400, T.emailMissing]);
    expect(answer(await invite(owner, { email: uniqueEmail() }))).toEqual([400, T.roleMissing]);
    expect(answer(await invite(owner, { email: uniqueEmail(), staff_role: '' }))).toEqual([400, T.roleMissing]);
    expect(answer(await invite(owner, { email: uniqueEmail(), staff_role: 'admin' }))).toEqual([400, T.roleInvalid]);
    expect(answer(await invite(owner, { email: 'not-an-email', staff_role: 'user' }))).toEqual([400, T.invalidEmail]);
    const both = await invite(owner, {});
    expect(both.json()).toMatchObject({ message: T.emailMissing, errors: [T.emailMissing, T.roleMissing] });
  });

  it("answers 'Invite Sent', lists the invite with user null and e-mails a link carrying a token stored hashed", async () => {
    const email = uniqueEmail('Invitee').toUpperCase();
    expect(answer(await invite(owner, { email, staff_role: 'developer' }))).toEqual([201, T.inviteSent]);
    const row = await rowOf(owner, email.toLowerCase());
    expect(row).toEqual({
      id: expect.any(String),
      email: email.toLowerCase(),
      user: null,
      staff_role: 'developer',
      creator_id: owner.userId,
      user_id: null,
    });
    const mail = lastMessage(t.outboxDir, email.toLowerCase());
    expect(mail?.subject).toBe('You are invited to Kampala Crafts on Sente');
    expect(mail?.text).toContain('as Developer / IT');
    const token = /\/signup\?invite=([\w-]+)&email=/.exec(mail!.text)?.[1];
    expect(token).toMatch(/^[\w-]{43}$/);
    const stored = await t.database.db
      .selectFrom('account_members')
      .select(['invite_token_hash', 'invite_expires_at'])
      .where('id', '=', row!.id)
      .executeTakeFirstOrThrow();
    expect(stored.invite_token_hash).toBe(hashInviteToken(token!));
    const days = (new Date(stored.invite_expires_at!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('refuses an e-mail already invited or already a member, clearly; an expired invite can be sent again', async () => {
    const email = uniqueEmail('twice');
    expect((await invite(owner, { email, staff_role: 'user' })).statusCode).toBe(201);
    expect(answer(await invite(owner, { email, staff_role: 'operations' }))).toEqual([400, T.alreadyInvited]);
    expect(answer(await invite(owner, { email: owner.email, staff_role: 'user' }))).toEqual([400, T.alreadyMember]);
    // Another account may invite the same address.
    expect((await invite(other, { email, staff_role: 'user' })).statusCode).toBe(201);

    const row = (await rowOf(owner, email))!;
    await t.database.db
      .updateTable('account_members')
      .set({ invite_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', row.id)
      .execute();
    expect(answer(await invite(owner, { email, staff_role: 'operations' }))).toEqual([201, T.inviteSent]);
    const renewed = (await rowOf(owner, email))!;
    expect(renewed).toMatchObject({ id: row.id, staff_role: 'operations', user: null });
  });
});

describe('GET /api/staff/list', () => {
  it("pages the account's members and invites, newest first, in the spec's page shape", async () => {
    const shop = await createNamedMerchant(t, 'Paging Shop', { firstname: 'Pat', lastname: 'Okello' });
    for (let i = 0; i < 21; i++) {
      expect((await invite(shop, { email: uniqueEmail(`page${i}`), staff_role: 'user' })).statusCode).toBe(201);
    }
    const first = (await list(shop)).json().data;
    expect(first).toMatchObject({ totalItems: 22, totalPages: 2 });
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).toBe(first.lastCursor);
    const second = (await list(shop, first.nextCursor)).json().data;
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const ownerRow = second.items.at(-1);
    expect(ownerRow).toEqual({
      id: expect.any(String),
      email: shop.email,
      user: { firstname: 'Pat', lastname: 'Okello' },
      staff_role: 'owner',
      creator_id: shop.userId,
      user_id: shop.userId,
    });
    const ids = [...first.items, ...second.items].map((m: StaffMember) => m.id);
    expect(new Set(ids).size).toBe(22);
    expect(answer(await list(shop, 'garbage'))).toEqual([400, LINK_MESSAGES.invalidCursor]);
  });
});

describe('joining an invitation', () => {
  it('a new person who signs up with the invited e-mail lands in the account with the role', async () => {
    const email = uniqueEmail('newcomer');
    await invite(owner, { email, staff_role: 'operations' });
    await signUpAndVerify(t, { email, firstname: 'Nora', lastname: 'Achieng' });
    const session = await signIn(t, email);
    expect(session.user.current_account?.id).toBe(owner.accountId);
    expect(session.user.current_role).toBe('operations');
    expect(session.user.staff_profiles).toEqual([
      {
        id: expect.any(String),
        staff_role: 'operations',
        sente_account: { id: owner.accountId, account_name: 'Kampala Crafts' },
      },
    ]);
    expect(await rowOf(owner, email)).toMatchObject({
      user: { firstname: 'Nora', lastname: 'Achieng' },
      user_id: session.user.user_id,
      staff_role: 'operations',
    });
    // Operations may see the dashboard's data on the account.
    expect((await get(t, session, '/api/collections')).statusCode).toBe(200);
  });

  it('an existing user who signs in finds the account among their staff_profiles; their own stays current', async () => {
    const existing = await createNamedMerchant(t, 'Mbale Foods', { firstname: 'Sam', lastname: 'Wanyama' });
    await invite(owner, { email: existing.email, staff_role: 'customer_support' });
    const session = await signIn(t, existing.email);
    expect(session.user.current_account?.id).toBe(existing.accountId);
    expect(session.user.staff_profiles).toContainEqual({
      id: expect.any(String),
      staff_role: 'customer_support',
      sente_account: { id: owner.accountId, account_name: 'Kampala Crafts' },
    });
    const switched = await post(t, session, '/api/sente-account/switch-account', { sente_account_id: owner.accountId });
    expect(switched.statusCode).toBe(200);
    expect((await get(t, session, '/api/user/profile')).json().data.current_role).toBe('customer_support');
  });

  it('an expired or cancelled invitation is not joined', async () => {
    const [late, cancelled] = [uniqueEmail('late'), uniqueEmail('cancelled')];
    await invite(owner, { email: late, staff_role: 'user' });
    await invite(owner, { email: cancelled, staff_role: 'user' });
    await t.database.db
      .updateTable('account_members')
      .set({ invite_expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', late)
      .execute();
    expect((await remove(owner, (await rowOf(owner, cancelled))!.id)).statusCode).toBe(200);
    for (const email of [late, cancelled]) {
      const user = await createSignedInUser(t, { email });
      expect(user.user.staff_profiles).toEqual([]);
      expect(user.user.current_account).toBeNull();
    }
  });
});

describe('the invitation link: GET /api/staff/invitation and POST /api/staff/accept', () => {
  const tokenOf = (email: string) => /\/signup\?invite=([\w-]+)&email=/.exec(lastMessage(t.outboxDir, email)!.text)![1]!;
  const lookUp = (invite: string) =>
    t.app.inject({ method: 'GET', url: `/api/staff/invitation?invite=${encodeURIComponent(invite)}` });
  const accept = (who: { accessToken: string }, body: object) => post(t, who, '/api/staff/accept', body);

  it('names the account, the role and the address to anyone holding the link, and nothing for a bad or old one', async () => {
    const email = uniqueEmail('looked-up');
    await invite(owner, { email, staff_role: 'operations' });
    const token = tokenOf(email);
    const res = await lookUp(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ account_name: 'Kampala Crafts', staff_role: 'operations', email });
    expect(answer(await lookUp('x'.repeat(43)))).toEqual([404, T.invitationInvalid]);
    expect(answer(await lookUp('short'))).toEqual([400, T.invitationInvalid]);
    expect(answer(await t.app.inject({ method: 'GET', url: '/api/staff/invitation' }))).toEqual([400, T.invitationInvalid]);
    await t.database.db
      .updateTable('account_members')
      .set({ invite_expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute();
    expect(answer(await lookUp(token))).toEqual([404, T.invitationInvalid]);
  });

  it('a signed-in user with the invited address joins and lands in the account; another address is refused', async () => {
    const existing = await createNamedMerchant(t, 'Jinja Bakers', { firstname: 'Joan', lastname: 'Namata' });
    const stranger = await createNamedMerchant(t, 'Soroti Stores', { firstname: 'Sid', lastname: 'Ekwaru' });
    await invite(owner, { email: existing.email, staff_role: 'developer' });
    const token = tokenOf(existing.email);
    expect(answer(await accept(stranger, { invite: token }))).toEqual([403, T.invitationOtherEmail]);
    expect((await get(t, stranger, '/api/user/profile')).json().data.current_account.id).toBe(stranger.accountId);

    const res = await accept(existing, { invite: token });
    expect(answer(res)).toEqual([200, T.invitationJoined('Kampala Crafts')]);
    expect(res.json().data).toEqual({ sente_account_id: owner.accountId, account_name: 'Kampala Crafts' });
    const profile = (await get(t, existing, '/api/user/profile')).json().data;
    expect(profile.current_account.id).toBe(owner.accountId);
    expect(profile.current_role).toBe('developer');
    expect(await rowOf(owner, existing.email)).toMatchObject({ user_id: existing.userId, staff_role: 'developer' });
    // Following the link again (or after the sign-in already joined it) only switches to the account.
    expect(
      (await post(t, existing, '/api/sente-account/switch-account', { sente_account_id: existing.accountId })).statusCode,
    ).toBe(200);
    expect((await accept(existing, { invite: token })).statusCode).toBe(200);
    expect((await get(t, existing, '/api/user/profile')).json().data.current_account.id).toBe(owner.accountId);
    // Another user with the same token still cannot take the row.
    expect(answer(await accept(stranger, { invite: token }))).toEqual([403, T.invitationOtherEmail]);
  });

  it('a removed invitation or member cannot be accepted, and the route needs a session and a well-formed token', async () => {
    const email = uniqueEmail('withdrawn');
    await invite(owner, { email, staff_role: 'user' });
    const token = tokenOf(email);
    const user = await createSignedInUser(t, { email });
    expect((await remove(owner, (await rowOf(owner, email))!.id)).statusCode).toBe(200);
    expect(answer(await accept(user, { invite: token }))).toEqual([404, T.invitationInvalid]);
    expect(answer(await accept(user, { invite: 42 }))).toEqual([400, T.invitationInvalid]);
    expect(answer(await accept(user, {}))).toEqual([400, T.invitationInvalid]);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/staff/accept', payload: { invite: token } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/staff/hide_staff/:id', () => {
  it('cancels an invite and removes a member, who loses access on their very next request', async () => {
    const member = await createMember(t, owner, 'administrator', { firstname: 'Ruth', lastname: 'Nabirye' });
    expect((await get(t, member, '/api/staff/list')).statusCode).toBe(200);
    const row = (await rowOf(owner, member.email))!;
    expect(answer(await remove(owner, row.id))).toEqual([200, T.memberRemoved]);
    expect(await rowOf(owner, member.email)).toBeUndefined();
    // The same access token, still unexpired: the guard reads the membership on every request.
    expect(answer(await get(t, member, '/api/staff/list'))).toEqual([409, MESSAGES.noCurrentAccount]);
    expect(answer(await get(t, member, '/api/collections'))).toEqual([409, MESSAGES.noCurrentAccount]);
    const profile = (await get(t, member, '/api/user/profile')).json().data;
    expect(profile.staff_profiles).toEqual([]);
    expect(answer(await remove(owner, row.id))).toEqual([404, T.removeFailed]);
  });

  it('never removes the last owner, even themselves; a second owner makes it possible', async () => {
    const shop = await createNamedMerchant(t, 'Owners Shop', { firstname: 'Olive', lastname: 'Kato' });
    const ownRow = (await rowOf(shop, shop.email))!;
    expect(answer(await remove(shop, ownRow.id))).toEqual([403, T.removeFailed]);
    const admin = await createMember(t, shop, 'administrator', { firstname: 'Abel', lastname: 'Kizza' });
    expect(answer(await remove(admin, ownRow.id))).toEqual([403, T.removeFailed]);
    // A pending invite as owner does not count as an owner.
    await invite(shop, { email: uniqueEmail('pending-owner'), staff_role: 'owner' });
    expect(answer(await remove(shop, ownRow.id))).toEqual([403, T.removeFailed]);
    expect((await get(t, shop, '/api/staff/list')).statusCode).toBe(200);

    const second = await createMember(t, shop, 'owner', { firstname: 'Sara', lastname: 'Mirembe' });
    expect(answer(await remove(shop, ownRow.id))).toEqual([200, T.memberRemoved]);
    expect(answer(await get(t, shop, '/api/staff/list'))).toEqual([409, MESSAGES.noCurrentAccount]);
    const secondRow = (await rowOf(second, second.email))!;
    expect(answer(await remove(second, secondRow.id))).toEqual([403, T.removeFailed]);
  });

  it('a member may remove themselves', async () => {
    const member = await createMember(t, owner, 'administrator', { firstname: 'Lydia', lastname: 'Auma' });
    const row = (await rowOf(member, member.email))!;
    expect(answer(await remove(member, row.id))).toEqual([200, T.memberRemoved]);
    expect(answer(await get(t, member, '/api/staff/list'))).toEqual([409, MESSAGES.noCurrentAccount]);
  });

  it("refuses another account's member id or a malformed id with 404, changing nothing", async () => {
    const otherRow = (await rowOf(other, other.email))!;
    const before = await members(other);
    expect(answer(await remove(owner, otherRow.id))).toEqual([404, T.removeFailed]);
    expect(answer(await remove(owner, 'not-a-uuid'))).toEqual([404, T.removeFailed]);
    expect(await members(other)).toEqual(before);
  });
});

describe('rights (every member sees the team, owners and administrators manage it)', () => {
  const roles = STAFF_ROLES.filter((role) => role !== 'owner');
  it.each(roles)('%s', async (role: StaffRole) => {
    const member = await createMember(t, owner, role, { firstname: 'Role', lastname: role });
    const target = (await rowOf(owner, owner.email))!;
    const allowed = role === 'administrator';
    const listing = await list(member);
    const inviting = await invite(member, { email: uniqueEmail(`by-${role}`), staff_role: 'user' });
    const removing = await remove(member, target.id);
    expect(listing.statusCode).toBe(200);
    if (allowed) {
      expect(inviting.statusCode).toBe(201);
      expect(answer(removing)).toEqual([403, T.removeFailed]); // the last owner
    } else {
      for (const res of [inviting, removing]) expect(answer(res)).toEqual([403, MESSAGES.forbiddenForRole]);
    }
    expect(await rowOf(owner, owner.email)).toEqual(target);
  });

  it('a role that does not manage the team sees its members but no open invitation, and counts only members', async () => {
    const shop = await createNamedMerchant(t, 'Invite Shop', { firstname: 'Ivy', lastname: 'Namata' });
    const support = await createMember(t, shop, 'customer_support', { firstname: 'Sam', lastname: 'Kato' });
    const admin = await createMember(t, shop, 'administrator', { firstname: 'Joy', lastname: 'Akello' });
    const invitee = uniqueEmail('not-yet');
    expect((await invite(shop, { email: invitee, staff_role: 'user' })).statusCode).toBe(201);

    const seenBySupport = (await list(support)).json().data;
    expect(seenBySupport.items.map((m: StaffMember) => m.email).sort()).toEqual([shop.email, support.email, admin.email].sort());
    expect(seenBySupport).toMatchObject({ totalItems: 3, totalPages: 1 });
    expect(JSON.stringify(seenBySupport)).not.toContain(invitee);

    const seenByAdmin = (await list(admin)).json().data;
    expect(seenByAdmin.items.map((m: StaffMember) => m.email)).toContain(invitee);
    expect(seenByAdmin.totalItems).toBe(4);
  });

  it("a member of another account never sees this account's team", async () => {
    const stranger = await createMember(t, other, 'user', { firstname: 'Stra', lastname: 'Nger' });
    const emails = (await members(stranger)).map((m) => m.email);
    expect(emails).toContain(other.email);
    expect(emails).not.toContain(owner.email);
  });

  it('without a session, 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/staff/list' });
    expect(res.statusCode).toBe(401);
  });
});
