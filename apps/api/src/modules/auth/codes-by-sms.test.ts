/**
 * Decision 070: the sign-in, password reset and wallet PIN reset codes go by SMS to the member's phone as well as by
 * e-mail, the same code, once the phone is verified; never to a phone that is not. A text that fails fails nothing.
 */
import { CODE_TEXTS } from '@sente/contracts/phone-verification';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SmsNotSent } from '../../sms/gateways.ts';
import { post, postPublic } from '../../testing/http.ts';
import { lastCode, readSmsOutbox } from '../../testing/outbox.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  challengeFrom,
  createAccount,
  createSignedInUser,
  NEW_PASSWORD,
  PASSWORD,
  type SignedInUser,
  SUBJECTS,
  signIn,
  skipCodeCooldown,
  verifyPhone,
} from '../../testing/users.ts';

let t: TestApp;
let phones = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A Ugandan mobile no other test of the file uses, as the profile saves it. */
function newPhone(): string {
  phones += 1;
  return `+2567${String(Date.now() % 1_000_000).padStart(6, '0')}${String(phones % 100).padStart(2, '0')}`;
}
const texts = (phone: string) => readSmsOutbox(t.dataDir, phone.slice(1));
const login = (emailOrPhone: string) => postPublic(t, '/api/login', { emailOrPhone, password: PASSWORD });
const savePhone = (who: SignedInUser, phone: string) =>
  post(t, who, '/api/user/update-profile', { firstname: who.firstname, lastname: who.lastname, phone });

/** A signed-in member whose profile phone is verified, with their sign-in code's cooldown run out. */
async function verifiedMember(): Promise<SignedInUser & { phone: string }> {
  const member = await createSignedInUser(t);
  const phone = newPhone();
  await verifyPhone(t, member, phone);
  await skipCodeCooldown(t, member.userId, 'login');
  return { ...member, phone };
}

describe('the sign-in code', () => {
  it('goes by SMS too, the same code as the e-mail, to a verified phone; signing in with it works', async () => {
    const member = await verifiedMember();
    const sent = await login(member.email);
    expect(sent.statusCode).toBe(200);
    // The answer tells the code screen where the text went, masked: '+256 7•• ••• 222'.
    expect(sent.json().data.sms_to).toBe(`+256 7•• ••• ${member.phone.slice(-3)}`);
    // A second sign-in within the cooldown points at the same code, which went by SMS too.
    const again = await login(member.email);
    expect(again.json().data.sms_to).toBe(`+256 7•• ••• ${member.phone.slice(-3)}`);
    const code = lastCode(t.outboxDir, member.email, SUBJECTS.login);
    const [proof, text, ...more] = texts(member.phone);
    expect(proof!.text).toMatch(/to verify this phone/);
    expect(more).toEqual([]);
    expect(text).toMatchObject({ text: CODE_TEXTS.login(code), purpose: 'transactional' });
    const res = await postPublic(t, '/api/login-otp', { emailOrPhone: member.phone, code }, challengeFrom(again));
    expect(res.statusCode).toBe(200);
  });

  it('is not texted to a phone that is not verified, nor once the phone changes', async () => {
    const member = await createSignedInUser(t);
    const phone = newPhone();
    expect((await savePhone(member, phone)).statusCode).toBe(200);
    await skipCodeCooldown(t, member.userId, 'login');
    const sent = await login(phone);
    expect([sent.statusCode, sent.json().data.sms_to]).toEqual([200, null]);
    expect(texts(phone)).toEqual([]);

    const verified = await verifiedMember();
    const other = newPhone();
    expect((await savePhone(verified, other)).statusCode).toBe(200);
    expect((await login(verified.email)).statusCode).toBe(200);
    expect(texts(other)).toEqual([]);
    expect(texts(verified.phone)).toHaveLength(1);
  });

  it('still signs in by e-mail when the text fails', async () => {
    const member = await verifiedMember();
    const send = vi.spyOn(t.app.services.sms, 'send').mockRejectedValue(new SmsNotSent('no route took it'));
    let challenge: Record<string, string> = {};
    try {
      const sent = await login(member.email);
      challenge = challengeFrom(sent);
      expect([sent.statusCode, sent.json().data.sms_to]).toEqual([200, null]);
      expect(send).toHaveBeenCalledOnce();
    } finally {
      send.mockRestore();
    }
    const code = lastCode(t.outboxDir, member.email, SUBJECTS.login);
    expect((await postPublic(t, '/api/login-otp', { emailOrPhone: member.email, code }, challenge)).statusCode).toBe(200);
  });
});

describe('the reset codes', () => {
  it('texts the password reset code to a verified phone, and the new password signs in', async () => {
    const member = await verifiedMember();
    expect((await postPublic(t, '/api/password-reset-code', { email_or_phone: member.phone })).statusCode).toBe(200);
    const code = lastCode(t.outboxDir, member.email, SUBJECTS.reset);
    expect(texts(member.phone).at(-1)).toMatchObject({ text: CODE_TEXTS.password_reset(code), purpose: 'transactional' });
    const changed = await postPublic(t, '/api/change-password', {
      email_or_phone: member.phone,
      code,
      password: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    await skipCodeCooldown(t, member.userId, 'login');
    expect((await signIn(t, member.email, NEW_PASSWORD)).user.phone_verified).toBe(true);
  });

  it('texts the wallet PIN reset code to a verified phone', async () => {
    const member = await verifiedMember();
    const accountId = await createAccount(t, member.accessToken, 'Kato Hardware');
    const res = await post(t, member, '/api/wallet/pin_reset_code', { sente_account_id: accountId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ email: member.email, sms_to: `+256 7•• ••• ${member.phone.slice(-3)}` });
    const code = lastCode(t.outboxDir, member.email, 'Reset your Sente wallet PIN');
    expect(texts(member.phone).at(-1)).toMatchObject({ text: CODE_TEXTS.wallet_pin_reset(code), purpose: 'transactional' });
  });
});
