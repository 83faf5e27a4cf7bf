/**
 * Decision 027: requireAccount reads the session, the user and the membership in one query on every request, so whatever
 * changes them counts at the very next request made with the same, still unexpired access token: a role change, a
 * switch of account, a removal, a sign-out, a revoked session.
 */
import { MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, get, post } from '../testing/http.ts';
import { createPaymentLink, type Merchant } from '../testing/payments.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createMember, createNamedMerchant, switchAccount } from '../testing/transfers-more.ts';
import { bearer, createAccount } from '../testing/users.ts';

let t: TestApp;
let owner: Merchant;
let member: Merchant;
let memberOwnAccountId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createNamedMerchant(t, 'Guarded Shop', { firstname: 'Ada', lastname: 'Nakato' });
  await createPaymentLink(t, owner);
  member = await createMember(t, owner, 'operations', { firstname: 'Ruth', lastname: 'Nabirye' });
  memberOwnAccountId = await createAccount(t, member.accessToken, 'Ruth Own Shop');
  // Creating her own shop took Ruth into it: back to the guarded shop, where the tests begin.
  await switchAccount(t, member, owner.accountId);
}, 60_000);
afterAll(() => t?.close());

const totalLinks = async (who: Merchant) => {
  const res = await get(t, who, '/api/payment-link');
  expect(res.statusCode).toBe(200);
  return res.json().data.totalItems;
};
const createLink = (who: Merchant) =>
  post(t, who, '/api/payment-link/create', { title: 'Fees', fixed_amount: true, amount: 1000 });
const setRole = (role: string) =>
  t.database.db
    .updateTable('account_members')
    .set({ staff_role: role as never })
    .where('account_id', '=', owner.accountId)
    .where('user_id', '=', member.userId)
    .execute();

describe('requireAccount', () => {
  it('takes a role change at the next request', async () => {
    expect(await totalLinks(member)).toBe(1);
    expect((await createLink(member)).statusCode).toBe(201);
    await setRole('user');
    expect(answer(await createLink(member))).toEqual([403, MESSAGES.forbiddenForRole]);
    expect(await totalLinks(member)).toBe(2);
    await setRole('operations');
    expect((await createLink(member)).statusCode).toBe(201);
  });

  it('takes a switch of account at the next request, and back', async () => {
    await switchAccount(t, member, memberOwnAccountId);
    expect(await totalLinks(member)).toBe(0);
    await switchAccount(t, member, owner.accountId);
    expect(await totalLinks(member)).toBe(3);
  });

  it('answers 409 for a user without a current account, and for a removed member', async () => {
    await t.database.db.updateTable('users').set({ current_account_id: null }).where('id', '=', member.userId).execute();
    expect(answer(await get(t, member, '/api/payment-link'))).toEqual([409, MESSAGES.noCurrentAccount]);
    await switchAccount(t, member, owner.accountId);
    await t.database.db
      .updateTable('account_members')
      .set({ removed_at: new Date() })
      .where('account_id', '=', owner.accountId)
      .where('user_id', '=', member.userId)
      .execute();
    expect(answer(await get(t, member, '/api/payment-link'))).toEqual([409, MESSAGES.noCurrentAccount]);
  });

  it('answers 401 after a sign-out or a revoked session, and for a token that is not one', async () => {
    expect(await totalLinks(owner)).toBe(3);
    const second = await t.app.services.sessions.start(owner.userId, null, ['pwd', 'otp']);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(owner.accessToken) })).statusCode).toBe(200);
    expect(answer(await get(t, owner, '/api/payment-link'))).toEqual([401, MESSAGES.unauthenticated]);
    const secondOwner = { ...owner, ...second };
    expect(await totalLinks(secondOwner)).toBe(3);
    await t.app.services.sessions.revokeAll(owner.userId);
    expect(answer(await get(t, secondOwner, '/api/payment-link'))).toEqual([401, MESSAGES.unauthenticated]);
    expect(answer(await get(t, { accessToken: `${second.accessToken}x` }, '/api/payment-link'))).toEqual([
      401,
      MESSAGES.unauthenticated,
    ]);
  });
});
