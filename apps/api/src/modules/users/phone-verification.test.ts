/**
 * Decision 070: a member proves the profile's phone with a code texted to it (POST /api/user/phone/send-code, then
 * /verify); the profile says whether it is verified, and a new phone in the profile is not.
 */
import { MESSAGES } from '@sente/contracts/messages';
import { CODE_TEXTS, PHONE_MESSAGES } from '@sente/contracts/phone-verification';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SmsNotSent } from '../../sms/gateways.ts';
import { answer, get, post } from '../../testing/http.ts';
import { lastTextedCode, readOutbox, readSmsOutbox } from '../../testing/outbox.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import {
  codeRows,
  createSignedInUser,
  expireCodes,
  otherCode,
  type SignedInUser,
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
const sendCode = (who: SignedInUser) => post(t, who, '/api/user/phone/send-code');
const verify = (who: SignedInUser, code: string) => post(t, who, '/api/user/phone/verify', { code });
const savePhone = (who: SignedInUser, phone: string) =>
  post(t, who, '/api/user/update-profile', { firstname: who.firstname, lastname: who.lastname, phone });
const profile = async (who: SignedInUser) => (await get(t, who, '/api/user/profile')).json().data;

/** A signed-in member with this phone saved in the profile, not verified. */
async function memberWithPhone(phone = newPhone()): Promise<SignedInUser & { phone: string }> {
  const member = await createSignedInUser(t);
  expect((await savePhone(member, phone)).statusCode).toBe(200);
  return { ...member, phone };
}

describe('POST /api/user/phone/send-code', () => {
  it('texts a code to the profile phone, and only texts it', async () => {
    const member = await memberWithPhone();
    const mailsBefore = readOutbox(t.outboxDir, member.email).length;
    const res = await sendCode(member);
    expect(answer(res)).toEqual([200, PHONE_MESSAGES.codeSent]);
    expect(Date.parse(res.json().data.last_code_sent_at)).toBeGreaterThan(Date.now() - 60_000);
    const [text, ...more] = texts(member.phone);
    expect(more).toEqual([]);
    const code = lastTextedCode(t.dataDir, member.phone.slice(1));
    expect(text).toMatchObject({ text: CODE_TEXTS.verify_phone(code), purpose: 'transactional', accountId: null });
    expect(text!.text).toBe(`Sente code ${code} to verify this phone. It expires in 10 minutes. Never share it.`);
    expect(readOutbox(t.outboxDir, member.email)).toHaveLength(mailsBefore);
  });

  it('refuses a second code within 50 seconds, as the other codes do', async () => {
    const member = await memberWithPhone();
    expect((await sendCode(member)).statusCode).toBe(200);
    const again = await sendCode(member);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/^Please wait \d+ seconds before requesting a new code$/);
    expect(texts(member.phone)).toHaveLength(1);
    await skipCodeCooldown(t, member.userId, 'verify_phone');
    expect((await sendCode(member)).statusCode).toBe(200);
    expect(texts(member.phone)).toHaveLength(2);
  });

  it('says what to do when the profile has no phone, or one SMS cannot reach', async () => {
    const member = await createSignedInUser(t);
    expect(answer(await sendCode(member))).toEqual([400, PHONE_MESSAGES.noPhone]);
    expect(answer(await verify(member, '123456'))).toEqual([400, PHONE_MESSAGES.noPhone]);
    for (const phone of ['+254712345678', '+256414123456']) {
      expect((await savePhone(member, phone)).statusCode).toBe(200);
      expect(answer(await sendCode(member))).toEqual([400, PHONE_MESSAGES.notUgandanMobile]);
    }
    expect(await codeRows(t, member.userId, 'verify_phone')).toEqual([]);
  });

  it('answers 503 when no route took the text, and lets the member ask again at once', async () => {
    const member = await memberWithPhone();
    const send = vi.spyOn(t.app.services.sms, 'send').mockRejectedValueOnce(new SmsNotSent('no route took it'));
    try {
      expect(answer(await sendCode(member))).toEqual([503, PHONE_MESSAGES.notSent]);
    } finally {
      send.mockRestore();
    }
    expect(answer(await sendCode(member))).toEqual([200, PHONE_MESSAGES.codeSent]);
    expect(texts(member.phone)).toHaveLength(1);
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/phone/send-code', payload: {} });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/user/phone/verify', () => {
  it('marks the phone verified with the texted code, which the profile then says', async () => {
    const member = await memberWithPhone();
    expect((await profile(member)).phone_verified).toBe(false);
    await sendCode(member);
    const res = await verify(member, lastTextedCode(t.dataDir, member.phone.slice(1)));
    expect(answer(res)).toEqual([200, PHONE_MESSAGES.verified]);
    expect(await profile(member)).toMatchObject({ phone: member.phone, phone_verified: true });
    expect(answer(await sendCode(member))).toEqual([400, PHONE_MESSAGES.alreadyVerified]);
  });

  it('counts a wrong code as a try, names the code field, and voids the code after five', async () => {
    const member = await memberWithPhone();
    await sendCode(member);
    const code = lastTextedCode(t.dataDir, member.phone.slice(1));
    const wrong = await verify(member, otherCode(code));
    expect(answer(wrong)).toEqual([400, MESSAGES.codeWrong]);
    expect(wrong.json().fields).toEqual({ code: MESSAGES.codeWrong });
    expect((await codeRows(t, member.userId, 'verify_phone'))[0]!.attempts).toBe(1);
    for (let i = 0; i < 3; i += 1) await verify(member, otherCode(code));
    expect(answer(await verify(member, otherCode(code)))).toEqual([400, MESSAGES.codeTooManyAttempts]);
    expect(answer(await verify(member, code))).toEqual([400, MESSAGES.codeTooManyAttempts]);
    expect((await profile(member)).phone_verified).toBe(false);
  });

  it('refuses an expired code', async () => {
    const member = await memberWithPhone();
    await sendCode(member);
    await expireCodes(t, member.userId);
    expect(answer(await verify(member, lastTextedCode(t.dataDir, member.phone.slice(1))))).toEqual([400, MESSAGES.codeExpired]);
    expect((await profile(member)).phone_verified).toBe(false);
  });

  it("does not verify my phone with another member's code", async () => {
    const [mine, theirs] = await Promise.all([memberWithPhone(), memberWithPhone()]);
    await sendCode(mine);
    await sendCode(theirs);
    const myCode = lastTextedCode(t.dataDir, mine.phone.slice(1));
    const theirCode = lastTextedCode(t.dataDir, theirs.phone.slice(1));
    if (theirCode !== myCode) expect(answer(await verify(mine, theirCode))).toEqual([400, MESSAGES.codeWrong]);
    expect((await profile(mine)).phone_verified).toBe(false);
    expect((await profile(theirs)).phone_verified).toBe(false);
    expect((await verify(mine, myCode)).statusCode).toBe(200);
    expect((await profile(theirs)).phone_verified).toBe(false);
  });

  it('refuses a malformed code with a message', async () => {
    const member = await memberWithPhone();
    expect(answer(await verify(member, '12ab'))).toEqual([400, MESSAGES.codeFormat]);
  });
});

describe('changing the phone', () => {
  it('clears its verification; saving the same phone keeps it', async () => {
    const member = await createSignedInUser(t);
    const first = newPhone();
    await verifyPhone(t, member, first);
    expect((await profile(member)).phone_verified).toBe(true);
    expect((await savePhone(member, `0${first.slice(4)}`)).statusCode).toBe(200);
    expect(await profile(member)).toMatchObject({ phone: first, phone_verified: true });
    const second = newPhone();
    expect((await savePhone(member, second)).statusCode).toBe(200);
    expect(await profile(member)).toMatchObject({ phone: second, phone_verified: false });
    expect((await savePhone(member, first)).statusCode).toBe(200);
    expect((await profile(member)).phone_verified).toBe(false);
  });

  it('leaves a code texted to the old phone unable to verify the new one', async () => {
    const member = await memberWithPhone();
    await sendCode(member);
    const oldCode = lastTextedCode(t.dataDir, member.phone.slice(1));
    expect((await savePhone(member, newPhone())).statusCode).toBe(200);
    expect(answer(await verify(member, oldCode))).toEqual([400, MESSAGES.codeWrong]);
    expect((await profile(member)).phone_verified).toBe(false);
  });
});
