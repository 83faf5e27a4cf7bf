import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@sente/contracts/messages';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { PASSWORD, SUBJECTS, uniqueEmail } from '../testing/users.ts';

type Received = { from: string; to: string[]; raw: string };

describe('mail over SMTP', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });

  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the verification code through the SMTP server, and that code verifies the account', async () => {
    const email = uniqueEmail('smtp');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sign-up',
      payload: { firstname: 'Sam', lastname: 'Tumusiime', email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(201);

    const mails = received.filter((m) => m.to.includes(email));
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
