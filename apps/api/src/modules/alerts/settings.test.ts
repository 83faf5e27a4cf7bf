/** Merchant alerts' choices: defaults, validation, SMS only to a verified Ugandan phone, and the team's view. */
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_MESSAGES as N } from '@sente/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answer, get, post } from '../../testing/http.ts';
import { createMerchant, type Merchant, PAYMENTS_ENV } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { addMember, createSignedInUser, verifyPhone } from '../../testing/users.ts';

let t: TestApp;
let owner: Merchant;
let other: Merchant;
beforeAll(async () => {
  t = await createTestApp(PAYMENTS_ENV);
  owner = await createMerchant(t, 'Nakato Bakery');
  other = await createMerchant(t, 'Other Shop');
});
afterAll(() => t.close());

const CHOICES = { ...DEFAULT_NOTIFICATION_SETTINGS, payment_received: true, payment_above: '50,000', refund_done: true };

describe('a member choosing what they hear', () => {
  it('starts from nothing sent, by e-mail, for live only', async () => {
    const res = await get(t, owner, '/api/user/notifications');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, sms_phone: null });
  });

  it('saves the whole set and answers it, amounts as numbers', async () => {
    const res = await post(t, owner, '/api/user/notifications', CHOICES);
    expect(answer(res)).toEqual([200, N.saved]);
    expect(res.json().data).toMatchObject({ payment_received: true, payment_above: 50_000, refund_done: true, live: true });
    expect((await get(t, owner, '/api/user/notifications')).json().data.payment_above).toBe(50_000);
  });

  it('refuses bad amounts, no channel and no mode, with the field named', async () => {
    const bad = [
      [{ payment_above: 'lots' }, N.invalidAmount('Only payments above')],
      [{ low_balance_below: -5 }, N.invalidAmount('Wallet balance below')],
      [{ by_email: false, by_sms: false }, N.noChannel],
      [{ live: false, test: false }, N.noMode],
      [{ daily_summary: 'yes' }, 'daily_summary must be true or false'],
    ] as const;
    for (const [change, message] of bad) {
      const res = await post(t, owner, '/api/user/notifications', { ...CHOICES, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('refuses SMS without a verified Ugandan mobile in the profile, and takes it once there is one', async () => {
    const sms = { ...CHOICES, by_sms: true };
    expect(answer(await post(t, owner, '/api/user/notifications', sms))).toEqual([400, N.noPhone]);
    const kenyan = { firstname: owner.firstname, lastname: owner.lastname, phone: '+254712345678' };
    expect((await post(t, owner, '/api/user/update-profile', kenyan)).statusCode).toBe(200);
    expect(answer(await post(t, owner, '/api/user/notifications', sms))).toEqual([400, N.noPhone]);
    const ugandan = { ...kenyan, phone: '0772555111' };
    expect((await post(t, owner, '/api/user/update-profile', ugandan)).statusCode).toBe(200);
    expect(answer(await post(t, owner, '/api/user/notifications', sms))).toEqual([400, N.noPhone]);
    expect((await get(t, owner, '/api/user/notifications')).json().data.sms_phone).toBeNull();
    await verifyPhone(t, owner, '+256772555111');
    const res = await post(t, owner, '/api/user/notifications', sms);
    expect(answer(res)).toEqual([200, N.saved]);
    expect(res.json().data).toMatchObject({ by_sms: true, sms_phone: '256772555111' });
  });

  it('keeps choices per account: the same member elsewhere starts from the defaults', async () => {
    const member = await createSignedInUser(t);
    await addMember(t, other.accountId, member, 'user', other.userId, { makeCurrent: true });
    expect((await get(t, member, '/api/user/notifications')).json().data).toMatchObject(DEFAULT_NOTIFICATION_SETTINGS);
  });
});

describe("the owners' view of who hears what", () => {
  it("lists the account's own members with their choices, never another account's", async () => {
    const res = await get(t, owner, '/api/team/notifications');
    expect(res.statusCode).toBe(200);
    const team = res.json().data as { user_id: string; payment_above: number | null; name: string }[];
    expect(team.map((m) => m.user_id)).toEqual([owner.userId]);
    expect(team[0]).toMatchObject({ payment_above: 50_000, by_sms: true, sms_phone: '256772555111', staff_role: 'owner' });
    // A new phone is not verified: the owners see no number SMS would go to.
    const changed = { firstname: owner.firstname, lastname: owner.lastname, phone: '0772555222' };
    expect((await post(t, owner, '/api/user/update-profile', changed)).statusCode).toBe(200);
    const after = (await get(t, owner, '/api/team/notifications')).json().data as { sms_phone: string | null }[];
    expect(after[0]).toMatchObject({ by_sms: true, sms_phone: null });
    const others = (await get(t, other, '/api/team/notifications')).json().data as { user_id: string }[];
    expect(others.map((m) => m.user_id)).not.toContain(owner.userId);
    expect(others.find((m) => m.user_id !== other.userId)).toMatchObject(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it('says who is told of movements awaiting approval: on until a member turns it off', async () => {
    const approvals = async () =>
      ((await get(t, owner, '/api/team/notifications')).json().data as { approval_needed: boolean }[]).map(
        (member) => member.approval_needed,
      );
    expect(await approvals()).toEqual([true]);
    const off = { ...DEFAULT_NOTIFICATION_SETTINGS, approval_needed: false };
    expect((await post(t, owner, '/api/user/notifications', off)).statusCode).toBe(200);
    expect(await approvals()).toEqual([false]);
  });
});
