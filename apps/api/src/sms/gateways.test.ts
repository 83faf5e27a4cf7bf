import fs from 'node:fs';
import path from 'node:path';
import { SMS_MESSAGES } from '@sente/contracts/system';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { loadSecrets } from '../lib/secrets.ts';
import { hideCallbackSecret, SECRET_HEADER } from '../modules/money/providers/routes.ts';
import { runOpsCommand } from '../modules/ops/commands.ts';
import { AT_COST, type FakeAfricasTalking, startFakeAfricasTalking } from '../testing/fake-africas-talking.ts';
import { type FakeTwilio, startFakeTwilio } from '../testing/fake-twilio.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { createAfricasTalking } from './africas-talking.ts';
import { createSmsRouter, SmsNotSent } from './gateways.ts';
import { createTwilio } from './twilio.ts';

const PHONE = '256772123456';
const TEXT = 'Sente: UGX 50,000 received from 0772 123 456. Ref SNT-1234.';

/** Long enough for a first request on a loaded machine (300 ms sent a cold one to the fallback), short for the hang. */
const TIMEOUT_MS = 2000;

let at: FakeAfricasTalking;
let twilio: FakeTwilio;
let t: TestApp;
let secret: string;

beforeAll(async () => {
  [at, twilio] = await Promise.all([startFakeAfricasTalking(), startFakeTwilio()]);
  t = await createTestApp({
    SMS_GATEWAY: 'africastalking',
    AFRICASTALKING_USERNAME: at.username,
    AFRICASTALKING_API_KEY: at.apiKey,
    AFRICASTALKING_BASE_URL: at.url,
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: twilio.from,
    TWILIO_BASE_URL: twilio.url,
    SMS_GATEWAY_TIMEOUT_MS: String(TIMEOUT_MS),
    SMS_DELIVERY_TIMEOUT_SECONDS: '60',
    PAYMENT_WORKER_INTERVAL_MS: '0',
  });
  secret = loadSecrets(t.dataDir).callbackSecret;
});

afterAll(async () => {
  await t?.close();
  await Promise.all([at?.close(), twilio?.close()]);
});

beforeEach(() => {
  at.requests.length = 0;
  twilio.requests.length = 0;
});

const send = (purpose: 'transactional' | 'promotional' = 'transactional', to = PHONE) =>
  t.app.services.sms.send({ to, text: TEXT, purpose });

const row = (id: string) => t.database.db.selectFrom('sms_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const report = (gateway: string, form: string, withSecret = secret) =>
  t.app.inject({
    method: 'POST',
    url: `/api/sms/delivery/${gateway}/${withSecret}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form,
  });

const secondsLater = (seconds: number) => new Date(Date.now() + seconds * 1000);

describe("SMS through Africa's Talking, with Twilio as the fallback", () => {
  it('sms:status shows the routes and the delivery-report URL of each gateway, its secret in the path', async () => {
    const status = await runOpsCommand(t.app.services, 'sms:status', []);
    expect(status.message.split('\n')).toEqual([
      'SMS through africastalking, then twilio',
      `delivery report URL of africastalking: http://localhost:3000/api/sms/delivery/africastalking/${secret}`,
      `delivery report URL of twilio: http://localhost:3000/api/sms/delivery/twilio/${secret}`,
    ]);
  });

  it("sends through Africa's Talking as its API documents, and keeps the message's id, route, status and cost", async () => {
    expect(t.app.services.sms.transport).toBe('gateway');
    const sent = await send();
    expect(sent.route).toBe('africastalking');
    expect(at.requests).toEqual([{ username: at.username, to: `+${PHONE}`, message: TEXT, enqueue: '1' }]);
    expect(twilio.requests).toEqual([]);
    const kept = await row(sent.id);
    expect(kept).toMatchObject({
      route: 'africastalking',
      status: 'sent',
      gateway_status: 'Success',
      cost: AT_COST,
      attempts: 1,
    });
    expect(kept.provider_message_id).toMatch(/^ATXid_/);
    expect(kept.resend_due_at).not.toBeNull();
  });

  it('a delivery report marks the message delivered and clears its text; a second report changes nothing', async () => {
    const { id } = await send();
    const messageId = (await row(id)).provider_message_id ?? '';
    const pending = await report('africastalking', at.report(messageId, 'Buffered'));
    expect(pending.statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'sent', gateway_status: 'Buffered' });
    const delivered = await report('africastalking', at.report(messageId, 'Success'));
    expect([delivered.statusCode, delivered.json()]).toEqual([200, { status: 'success', data: { received: true } }]);
    expect(await row(id)).toMatchObject({ status: 'delivered', gateway_status: 'Success', text: null, resend_due_at: null });
    expect((await report('africastalking', at.report(messageId, 'Failed', 'UserIsInactive'))).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'delivered', gateway_status: 'Success' });
  });

  it('refuses a report without the secret, of an unknown gateway or message, or that is not a report', async () => {
    const { id } = await send();
    const messageId = (await row(id)).provider_message_id ?? '';
    const wrong = await report('africastalking', at.report(messageId, 'Success'), 'x'.repeat(43));
    expect([wrong.statusCode, wrong.json().message]).toEqual([403, SMS_MESSAGES.wrongSecret]);
    const gateway = await report('nexmo', at.report(messageId, 'Success'));
    expect([gateway.statusCode, gateway.json().message]).toEqual([404, SMS_MESSAGES.unknownGateway]);
    const unknown = await report('africastalking', at.report('ATXid_unknown', 'Success'));
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, SMS_MESSAGES.unknownMessage]);
    const notReport = await report('africastalking', 'hello=world');
    expect([notReport.statusCode, notReport.json().message]).toEqual([400, SMS_MESSAGES.notAReport]);
    const nul = await report('africastalking', `id=${messageId}%00&status=Success`);
    expect(nul.statusCode).toBe(400);
    expect(await row(id)).toMatchObject({ status: 'sent' });
  });

  it.each([
    ['a refusal (405 InsufficientBalance)', { statusCode: 405, status: 'InsufficientBalance' }, '405 InsufficientBalance'],
    ['no answer within the timeout', 'hang' as const, `timed out after ${TIMEOUT_MS} ms`],
    ['a 500', 500 as const, 'answered 500'],
    ['a refused API key (401)', 401 as const, 'status 401'],
  ])("Twilio takes over after %s from Africa's Talking", async (_name, fault, reason) => {
    at.failNext(fault);
    const sent = await send();
    expect(sent.route).toBe('twilio');
    expect(twilio.requests).toEqual([
      {
        To: `+${PHONE}`,
        From: twilio.from,
        Body: TEXT,
        StatusCallback: `http://localhost:3000/api/sms/delivery/twilio/${secret}`,
      },
    ]);
    const kept = await row(sent.id);
    expect(kept).toMatchObject({ route: 'twilio', status: 'sent', attempts: 2, reason, resend_due_at: null, text: null });
    expect(kept.provider_message_id).toMatch(/^SM/);
    const delivered = await report('twilio', twilio.report(kept.provider_message_id ?? '', 'delivered'));
    expect(delivered.statusCode).toBe(200);
    expect(await row(sent.id)).toMatchObject({ status: 'delivered', gateway_status: 'delivered', text: null });
  });

  it("Twilio's undelivered report of a message it took from Africa's Talking is final: the message failed", async () => {
    at.failNext({ statusCode: 407, status: 'CouldNotRoute' });
    const sent = await send();
    const sid = (await row(sent.id)).provider_message_id ?? '';
    expect((await report('twilio', twilio.report(sid, 'undelivered', '30003'))).statusCode).toBe(200);
    expect(await row(sent.id)).toMatchObject({ status: 'failed', gateway_status: 'undelivered', reason: 'ErrorCode 30003' });
  });

  it("keeps the delivery report's secret out of the URL that is routed and logged", () => {
    const headers: Record<string, unknown> = {};
    expect(hideCallbackSecret({ url: `/api/sms/delivery/africastalking/${secret}`, headers })).toBe(
      '/api/sms/delivery/africastalking/-',
    );
    expect(headers[SECRET_HEADER]).toBe(secret);
  });

  it('a message both gateways refuse fails, its text cleared, and the caller hears so', async () => {
    at.failNext({ statusCode: 406, status: 'UserInBlacklist' });
    twilio.failNext({ code: 21610, message: 'Attempt to send to unsubscribed recipient' });
    await expect(send()).rejects.toThrow(new SmsNotSent(SMS_MESSAGES.notSent));
    const kept = await t.database.db
      .selectFrom('sms_messages')
      .selectAll()
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(kept).toMatchObject({ status: 'failed', route: 'twilio', attempts: 2, text: null });
    expect(kept.reason).toContain('21610');
  });

  it('a message not reported delivered in time goes again through Twilio at the worker pass', async () => {
    const { id } = await send();
    expect((await t.app.services.jobs.runDue({ now: secondsLater(30) })).sms.resent).toBe(0);
    expect(twilio.requests).toEqual([]);
    const pass = await t.app.services.jobs.runDue({ now: secondsLater(61) });
    expect(pass.sms.resent).toBeGreaterThanOrEqual(1);
    expect(twilio.requests.map((form) => form.To)).toContain(`+${PHONE}`);
    const kept = await row(id);
    expect(kept).toMatchObject({ route: 'twilio', status: 'sent', attempts: 2, resend_due_at: null });
    // Africa's Talking's late report of the first send no longer finds the message: its route is Twilio now.
    expect((await t.app.services.jobs.runDue({ now: secondsLater(200) })).sms.resent).toBe(0);
  });

  it("a Failed report from Africa's Talking hands the message to Twilio at the next pass", async () => {
    const { id } = await send();
    const messageId = (await row(id)).provider_message_id ?? '';
    expect((await report('africastalking', at.report(messageId, 'Failed', 'UserIsInactive'))).statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'sent', gateway_status: 'Failed', reason: 'UserIsInactive' });
    expect((await t.app.services.jobs.runDue({ now: secondsLater(1) })).sms.resent).toBe(1);
    expect(await row(id)).toMatchObject({ route: 'twilio', status: 'sent', attempts: 2 });
  });
});

describe('quiet hours at the router', () => {
  const logger = pino({ level: 'silent' });
  const router = (at9pm: boolean) =>
    createSmsRouter({
      db: t.database.db,
      primary: createAfricasTalking({ baseUrl: at.url, username: at.username, apiKey: at.apiKey, timeoutMs: TIMEOUT_MS }),
      fallback: createTwilio({ ...twilio, baseUrl: twilio.url, statusCallback: 'http://localhost/cb', timeoutMs: TIMEOUT_MS }),
      deliveryTimeoutSeconds: 60,
      logger,
      now: () => new Date(at9pm ? '2026-11-29T21:00:00+03:00' : '2026-11-29T10:00:00+03:00'),
    });

  it('refuses a promotional text at 21:00 Kampala time before any gateway is asked, and sends a transactional one', async () => {
    const night = router(true);
    await expect(night.sender.send({ to: PHONE, text: 'Your daily summary', purpose: 'promotional' })).rejects.toThrow(
      SMS_MESSAGES.quietHours,
    );
    expect(at.requests).toEqual([]);
    expect((await night.sender.send({ to: PHONE, text: 'Your code is 123456', purpose: 'transactional' })).route).toBe(
      'africastalking',
    );
  });

  it('a promotional text sent at 10:00 and still undelivered after 20:00 is not sent again: it fails', async () => {
    const { id } = await router(false).sender.send({ to: PHONE, text: 'Your daily summary', purpose: 'promotional' });
    expect(await router(true).resendDue(new Date('2026-11-29T21:00:00+03:00'))).toBe(0);
    expect(twilio.requests).toEqual([]);
    expect(await row(id)).toMatchObject({ status: 'failed', reason: SMS_MESSAGES.quietHours, text: null });
  });
});

describe('the SMS outbox and the settings', () => {
  it('with no gateway configured, texts go to DATA_DIR/outbox/sms and delivery reports find no gateway', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.app.services.sms.transport).toBe('outbox');
      expect(plain.app.services.smsGateways).toBeNull();
      const sent = await plain.app.services.sms.send({ to: PHONE, text: TEXT, purpose: 'promotional' });
      expect(sent.route).toBe('outbox');
      const files = fs.readdirSync(path.join(plain.outboxDir, 'sms'));
      expect(files).toHaveLength(1);
      const written = JSON.parse(fs.readFileSync(path.join(plain.outboxDir, 'sms', files[0] ?? ''), 'utf8'));
      expect(written).toMatchObject({ id: sent.id, to: PHONE, text: TEXT, purpose: 'promotional' });
      const answer = await plain.app.inject({
        method: 'POST',
        url: `/api/sms/delivery/africastalking/${loadSecrets(plain.dataDir).callbackSecret}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'id=ATXid_1&status=Success',
      });
      expect([answer.statusCode, answer.json().message]).toEqual([404, SMS_MESSAGES.noGateways]);
    } finally {
      await plain.close();
    }
  });

  it("refuses Africa's Talking without its username and key, and Twilio half set", () => {
    expect(() => loadConfig({ SMS_GATEWAY: 'africastalking', AFRICASTALKING_USERNAME: 'x' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ SMS_GATEWAY: 'africastalking', AFRICASTALKING_USERNAME: 'x', AFRICASTALKING_API_KEY: 'k' }),
    ).not.toThrow();
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' })).toThrow(
      /TWILIO_FROM: set all of them or none/,
    );
    expect(() => loadConfig({ SMS_GATEWAY: 'twilio' })).toThrow(/SMS_GATEWAY: must be outbox or africastalking/);
  });
});
