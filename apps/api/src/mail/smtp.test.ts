import fs from 'node:fs';
import { MESSAGES } from '@sente/contracts/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpReceiver } from '../testing/smtp-receiver.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { PASSWORD, SUBJECTS, uniqueEmail } from '../testing/users.ts';

describe('mail over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({ SMTP_URL: smtp.url });
  });

  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('sends the verification code through the SMTP server, and that code verifies the account', async () => {
    const email = uniqueEmail('smtp');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sign-up',
      payload: { firstname: 'Sam', lastname: 'Tumusiime', email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(201);

    const mails = smtp.received.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.from).toBe('no-reply@sente.local');
    expect(mail.raw).toContain(`Subject: ${SUBJECTS.verify}`);
    expect(mail.raw).toMatch(new RegExp(`^To: ${email.replace(/[.]/g, '\\.')}\\r?$`, 'm'));
    const code = /^(\d{6})\r?$/m.exec(mail.raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);

    // Nothing went to the outbox folder: the SMTP transport was used.
    expect(fs.existsSync(t.outboxDir)).toBe(false);

    const verify = await t.app.inject({ method: 'POST', url: '/api/verify-account', payload: { email_or_phone: email, code } });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ status: 'success', message: MESSAGES.accountVerified, data: null });
    const user = await t.database.db
      .selectFrom('users')
      .select('verified_at')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.verified_at).toBeInstanceOf(Date);
  });
});
