import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signUpAndVerify, type TestUser } from '../../testing/users.ts';

let t: TestApp;
let secret: string;
let merchant: TestUser;
let accountIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  secret = JSON.parse(fs.readFileSync(path.join(t.dataDir, 'secrets.json'), 'utf8')).opsSecret;
  merchant = await signUpAndVerify(t);
  const owner = { id: merchant.userId, email: merchant.email };
  accountIds = [
    await t.app.services.accounts.create(owner, 'Ops Shop'),
    await t.app.services.accounts.create(owner, 'Ops Second Shop'),
  ];
});
afterAll(() => t.close());

const run = (payload: object, headers: Record<string, string> = { 'x-ops-secret': secret }, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: '/ops/run', payload, headers, ...(remoteAddress ? { remoteAddress } : {}) });
/** The merchant's accounts in creation order, with whether each is approved. */
const approvals = async () => {
  const rows = await t.database.db
    .selectFrom('accounts')
    .select(['id', 'is_approved', 'approved_at'])
    .where('id', 'in', accountIds)
    .execute();
  return accountIds.map((id) => {
    const row = rows.find((r) => r.id === id)!;
    return { id, is_approved: row.is_approved, approved: row.approved_at !== null };
  });
};

describe('POST /ops/run', () => {
  it.each([
    ['a wrong secret', { 'x-ops-secret': 'wrong' }],
    ['a secret of the right length but wrong', { 'x-ops-secret': 'x'.repeat(43) }],
    ['no secret', {}],
  ])('answers 403 with %s and runs nothing', async (_, headers) => {
    const res = await run({ command: 'accounts:approve', args: [merchant.email] }, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: 'Forbidden' });
    expect((await approvals()).every((a) => !a.is_approved && !a.approved)).toBe(true);
  });

  it('answers 403 to a caller that is not on loopback, even with the secret', async () => {
    const res = await run({ command: 'accounts:approve', args: [merchant.email] }, { 'x-ops-secret': secret }, '203.0.113.7');
    expect(res.statusCode).toBe(403);
    expect((await approvals()).every((a) => !a.is_approved)).toBe(true);
  });

  it.each([
    ['X-Forwarded-For', { 'x-forwarded-for': '203.0.113.7' }],
    ['X-Forwarded-For naming loopback', { 'x-forwarded-for': '127.0.0.1' }],
    ['Forwarded', { forwarded: 'for=203.0.113.7;proto=https' }],
    ['X-Real-IP', { 'x-real-ip': '203.0.113.7' }],
    ['X-Forwarded-Proto', { 'x-forwarded-proto': 'https' }],
  ])('answers 403 to a loopback caller relaying for someone else (%s), even with the secret', async (_, forwarding) => {
    const res = await run({ command: 'accounts:approve', args: [merchant.email] }, { 'x-ops-secret': secret, ...forwarding });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 'error', message: 'Forbidden' });
    expect((await approvals()).every((a) => !a.is_approved && !a.approved)).toBe(true);
  });

  it('answers the usage list for an unknown command', async () => {
    const res = await run({ command: 'accounts:delete', args: [] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.data.ok).toBe(false);
    expect(body.data.message).toMatch(/^Unknown command accounts:delete\. Commands:\n/);
    expect(body.data.message).toContain('accounts:approve <email|account id>');
  });

  it('answers usage for a missing argument, and says so for an unknown email', async () => {
    const missing = await run({ command: 'accounts:approve', args: [] });
    expect(missing.json().data).toEqual({ ok: false, message: 'Usage: accounts:approve <email|account id>' });
    const unknown = await run({ command: 'accounts:approve', args: ['nobody@example.com'] });
    expect(unknown.json().data).toEqual({ ok: false, message: 'No account found for nobody@example.com' });
  });

  it('answers 400 for a body without a command', async () => {
    const res = await run({ args: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe('error');
  });

  it("approves every account of the owner's email", async () => {
    const res = await run({ command: 'accounts:approve', args: [merchant.email.toUpperCase()] });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('success');
    expect(body.data.ok).toBe(true);
    expect(body.data.data).toEqual(
      expect.arrayContaining([
        { id: accountIds[0], account_name: 'Ops Shop', email: merchant.email },
        { id: accountIds[1], account_name: 'Ops Second Shop', email: merchant.email },
      ]),
    );
    expect(body.data.data).toHaveLength(2);
    expect(body.data.message).toContain(`approved Ops Shop (${accountIds[0]}) owned by ${merchant.email}`);
    expect(await approvals()).toEqual(accountIds.map((id) => ({ id, is_approved: true, approved: true })));
  });

  it('approves one account by id, leaving the others alone', async () => {
    const other = await signUpAndVerify(t);
    const ids = [
      await t.app.services.accounts.create({ id: other.userId, email: other.email }, 'By Id One'),
      await t.app.services.accounts.create({ id: other.userId, email: other.email }, 'By Id Two'),
    ];
    const res = await run({ command: 'accounts:approve', args: [ids[1]!] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ok: true, data: [{ id: ids[1], account_name: 'By Id Two', email: other.email }] });
    const rows = await t.database.db.selectFrom('accounts').select(['id', 'is_approved']).where('id', 'in', ids).execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, r.is_approved]))).toEqual({ [ids[0]!]: false, [ids[1]!]: true });
  });

  it('gives a signed-up user a role on an account, changes it, and leaves the creator its owner', async () => {
    const member = await signUpAndVerify(t);
    const role = async () =>
      (
        await t.database.db
          .selectFrom('account_members')
          .select('staff_role')
          .where('account_id', '=', accountIds[0]!)
          .where('user_id', '=', member.userId)
          .where('removed_at', 'is', null)
          .execute()
      ).map((row) => row.staff_role);

    const added = await run({ command: 'members:set-role', args: [accountIds[0]!, member.email, 'developer'] });
    expect(added.json().data).toEqual({ ok: true, message: `${member.email} is now developer on ${accountIds[0]}` });
    expect(await role()).toEqual(['developer']);
    const user = await t.database.db
      .selectFrom('users')
      .select('current_account_id')
      .where('id', '=', member.userId)
      .executeTakeFirst();
    expect(user?.current_account_id).toBe(accountIds[0]);

    await run({ command: 'members:set-role', args: [accountIds[0]!, member.email.toUpperCase(), 'operations'] });
    expect(await role()).toEqual(['operations']);

    const creator = await run({ command: 'members:set-role', args: [accountIds[0]!, merchant.email, 'user'] });
    expect(creator.json().data).toEqual({ ok: false, message: `${merchant.email} created Ops Shop and stays its owner` });
    const several = await run({ command: 'members:set-role', args: [merchant.email, member.email, 'user'] });
    expect(several.json().data.message).toBe(`${merchant.email} owns several accounts: name one by its id`);
    const nobody = await run({ command: 'members:set-role', args: [accountIds[0]!, 'nobody@example.com', 'user'] });
    expect(nobody.json().data).toEqual({ ok: false, message: 'No user signed up as nobody@example.com' });
    const badRole = await run({ command: 'members:set-role', args: [accountIds[0]!, member.email, 'king'] });
    expect(badRole.json().data.message).toMatch(/^Usage: members:set-role/);
    expect(await role()).toEqual(['operations']);
  });

  it('never demotes the last owner: once the creator has left, the owner they named stays one', async () => {
    const successor = await signUpAndVerify(t);
    const shop = await t.app.services.accounts.create({ id: merchant.userId, email: merchant.email }, 'Ops Handover');
    const made = await run({ command: 'members:set-role', args: [shop, successor.email, 'owner'] });
    expect(made.json().data.ok).toBe(true);
    await t.database.db
      .updateTable('account_members')
      .set({ removed_at: new Date() })
      .where('account_id', '=', shop)
      .where('user_id', '=', merchant.userId)
      .execute();
    const demoted = await run({ command: 'members:set-role', args: [shop, successor.email, 'user'] });
    expect(demoted.json().data).toEqual({
      ok: false,
      message: `${successor.email} is the last owner of Ops Handover and stays its owner`,
    });
    const roles = await t.database.db
      .selectFrom('account_members')
      .select('staff_role')
      .where('account_id', '=', shop)
      .where('removed_at', 'is', null)
      .execute();
    expect(roles).toEqual([{ staff_role: 'owner' }]);
  });
});

describe('POST /ops/run behind a trusted proxy', () => {
  let proxied: TestApp;
  let proxiedSecret: string;
  const OPS_SECRET = 'operator-secret-from-the-environment-0123';
  beforeAll(async () => {
    proxied = await createTestApp({ TRUST_PROXY: '203.0.113.0/24', OPS_SECRET });
    proxiedSecret = JSON.parse(fs.readFileSync(path.join(proxied.dataDir, 'secrets.json'), 'utf8')).opsSecret;
  });
  afterAll(() => proxied.close());

  const unknownCommand = (headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
    proxied.app.inject({ method: 'POST', url: '/ops/run', payload: { command: 'nothing', args: [] }, headers, remoteAddress });

  it('goes by the TCP peer, not the client address a trusted proxy reports', async () => {
    const res = await unknownCommand({ 'x-ops-secret': OPS_SECRET, 'x-forwarded-for': '127.0.0.1' }, '203.0.113.7');
    expect(res.statusCode).toBe(403);
  });

  it('takes OPS_SECRET from the environment instead of the generated one', async () => {
    expect((await unknownCommand({ 'x-ops-secret': proxiedSecret })).statusCode).toBe(403);
    const res = await unknownCommand({ 'x-ops-secret': OPS_SECRET });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toMatch(/^Unknown command nothing\./);
  });
});
