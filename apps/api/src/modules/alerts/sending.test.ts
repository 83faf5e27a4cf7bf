/**
 * Merchant alerts sent: a payment's alert by e-mail over real SMTP and by SMS to the outbox, the member's
 * amount, live only by default, the daily summary's quiet hours, and each alert sent once however the pass is retried.
 */
import fs from 'node:fs';
import path from 'node:path';
import { API_ERROR_CODES } from '@sente/contracts/merchant-api';
import { ALERT_TEXTS, DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettingsInput } from '@sente/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { gsm7Length } from '../../sms/gsm7.ts';
import { post } from '../../testing/http.ts';
import { createMerchant, createPaymentLink, type Merchant, PAYMENTS_ENV, payId } from '../../testing/payments.ts';
import { startSmtpReceiver } from '../../testing/smtp-receiver.ts';
import { createReplica, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fundWallet, p2p, payout, pinToken, setPin } from '../../testing/transfers.ts';
import { verifyPhone } from '../../testing/users.ts';
import { queuePaymentAlert } from './queue.ts';
import { PHONE_NOT_VERIFIED } from './work.ts';

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
/** Where members sign up (their codes go to the outbox the helpers read). */
let dashboard: TestApp;
/** The worker's process, on the same database, mailing over SMTP. */
let t: TestApp;
let phones = 0;
/** The site's address, under which the e-mails link to the dashboard. */
const SITE = 'https://pay.sente.test';
/** What the merchant would never recognise: a uuid, or the 8 characters that began one. */
const INTERNAL_ID = /[0-9a-f]{8}-[0-9a-f]{4}-|Ref [0-9a-f]{8}\./;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  dashboard = await createTestApp(PAYMENTS_ENV);
  t = await createReplica(dashboard, { ...PAYMENTS_ENV, SMTP_URL: smtp.url, PUBLIC_URL: SITE });
});
afterAll(async () => {
  await t?.close();
  await dashboard?.close();
  await smtp?.close();
});

/** A merchant with a verified Ugandan phone of its own and these choices. */
async function merchantWith(choices: Partial<NotificationSettingsInput>): Promise<Merchant & { phone: string }> {
  const merchant = await createMerchant(dashboard, 'Kato Hardware');
  phones += 1;
  const phone = `25677${String(Date.now() % 1_000_000).padStart(6, '0')}${phones}`.slice(0, 12);
  await verifyPhone(dashboard, merchant, `+${phone}`);
  const res = await post(dashboard, merchant, '/api/user/notifications', { ...DEFAULT_NOTIFICATION_SETTINGS, ...choices });
  expect(res.statusCode).toBe(200);
  return { ...merchant, phone };
}

/** A settled test payment of `amount` to the merchant. */
async function paid(merchant: Merchant, amount: number) {
  const link = await createPaymentLink(dashboard, merchant, { fixed_amount: false });
  const id = await payId(dashboard, link.ref, { amount });
  await dashboard.app.services.payments.settle(id, { status: 'successful', message: null });
  return id;
}

const texts = (phone: string) => {
  const dir = path.join(t.dataDir, 'outbox', 'sms');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(`-${phone}.json`))
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { text: string; purpose: string });
};
const mails = (email: string) => smtp.received.filter((mail) => mail.to.includes(email.toLowerCase()));
/** A received mail's text, its quoted-printable soft line breaks and escapes undone. */
const readable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
const referenceOf = async (id: string) =>
  (await dashboard.database.db.selectFrom('collections').select('transaction_id').where('id', '=', id).executeTakeFirstOrThrow())
    .transaction_id;
const alertsOf = (merchant: Merchant) =>
  dashboard.database.db.selectFrom('member_alerts').selectAll().where('account_id', '=', merchant.accountId).execute();
const balanceOf = async (merchant: Merchant) =>
  Number(
    (
      await dashboard.database.db
        .selectFrom('wallets')
        .select('balance')
        .where('account_id', '=', merchant.accountId)
        .where('kind', '=', 'merchant')
        .where('environment', '=', 'test')
        .executeTakeFirstOrThrow()
    ).balance,
  );
const pass = (now?: Date) => t.app.services.jobs.runDue(now ? { now } : {});
/** An instant at a Kampala wall-clock time (EAT is UTC+3 all year). */
const eat = (day: string, time: string) => new Date(`${day}T${time}+03:00`);

describe('an alert of a successful payment', () => {
  it("reaches the member by e-mail over SMTP and by SMS in the outbox, naming the payer and the payment's reference", async () => {
    const merchant = await merchantWith({ payment_received: true, by_sms: true, test: true });
    const id = await paid(merchant, 40_000);
    const reference = await referenceOf(id);
    expect((await pass()).alerts.sent).toBe(2);
    const said = `Kato Hardware: payment of UGX 40,000 received from Okello John (+256 772 123 456) (test). Ref ${reference}.`;
    const mail = mails(merchant.email);
    expect(mail).toHaveLength(1);
    const text = readable(mail[0]!.raw);
    expect(text).toContain('Payment received (test): UGX 40,000');
    expect(text).toContain(said);
    expect(text).toContain(`Open it in your Sente dashboard: ${SITE}/collections?payment=${id}`);
    const sms = texts(merchant.phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toEqual({ ...sms[0], purpose: 'transactional', text: said });
    expect(sms[0]!.text).not.toMatch(INTERNAL_ID);
  });

  it('keeps to one 160-character GSM-7 text however long the names: they give way, never the amount or the reference', async () => {
    const merchant = await merchantWith({ payment_received: true, by_sms: true, test: true });
    const long = 'Kampala Parents School And Its Old Students’ Association Limited';
    await dashboard.database.db
      .updateTable('accounts')
      .set({ account_name: long })
      .where('id', '=', merchant.accountId)
      .execute();
    const link = await createPaymentLink(dashboard, merchant, { fixed_amount: false });
    const id = await payId(dashboard, link.ref, {
      amount: 1_250_000,
      names: 'Nakimuli Christine Mirembe Nalubega Ssebunya Kiwanuka',
    });
    await dashboard.app.services.payments.settle(id, { status: 'successful', message: null });
    await pass();
    const [sms] = texts(merchant.phone);
    expect(gsm7Length(sms!.text)).toBeLessThanOrEqual(160);
    expect(sms!.text).toMatch(
      new RegExp(
        `^Kampala Parents .+\\.\\.\\.: payment of UGX 1,250,000 received from Nakimuli .+\\.\\.\\. \\(\\+256 772 123 456\\) \\(test\\)\\. Ref ${await referenceOf(id)}\\.$`,
      ),
    );
    // The e-mail has the names whole.
    expect(readable(mails(merchant.email)[0]!.raw)).toContain(
      'Nakimuli Christine Mirembe Nalubega Ssebunya Kiwanuka (+256 772 123 456)',
    );
  });

  it("tells only of payments above the member's amount", async () => {
    const merchant = await merchantWith({ payment_received: true, payment_above: 30_000, test: true });
    await paid(merchant, 30_000);
    expect(await alertsOf(merchant)).toEqual([]);
    await paid(merchant, 30_001);
    expect((await alertsOf(merchant)).map((a) => a.subject)).toEqual(['Payment received (test): UGX 30,001']);
  });

  it('is for live money only by default: a test payment tells nothing, a live one is queued', async () => {
    const merchant = await merchantWith({ payment_received: true });
    const id = await paid(merchant, 20_000);
    expect(await alertsOf(merchant)).toEqual([]);
    await dashboard.database.db.transaction().execute((trx) =>
      queuePaymentAlert(trx, {
        id,
        account_id: merchant.accountId,
        environment: 'production',
        amount: 20_000,
        msisdn: null,
        names: 'Okello John',
        card_last4: '4242',
        transaction_id: 'SNTK7M2Q9X4B8D3F',
      }),
    );
    expect((await alertsOf(merchant)).map((a) => [a.subject, a.channel])).toEqual([['Payment received: UGX 20,000', 'email']]);
  });
});

describe('alerts of money out', () => {
  it('tells of a balance dropping below the amount (once, on the way down) and of a failed payout', async () => {
    const merchant = await merchantWith({ low_balance_below: 10_000, payout_failed: true, test: true });
    await fundWallet(dashboard, merchant, 40_000);
    await setPin(dashboard, merchant);
    const first = await payout(dashboard, merchant, 20_000, '0772000111');
    expect(first.statusCode).toBe(201);
    expect(await alertsOf(merchant)).toEqual([]);
    const second = await payout(dashboard, merchant, 10_000, '0772000111');
    expect(second.statusCode).toBe(201);
    const low = await alertsOf(merchant);
    expect(low.map((a) => a.kind)).toEqual(['low_balance']);
    expect(low[0]!.body).toMatch(/^Kato Hardware: the wallet balance is down to UGX [\d,]+ \(test\)\.$/);

    expect(
      await dashboard.app.services.transfers.reportDisbursement(second.json().data.id, {
        paid: false,
        reason: 'Number not registered',
      }),
    ).toBe(true);
    const kinds = (await alertsOf(merchant)).map((a) => a.kind).sort();
    expect(kinds).toEqual(['low_balance', 'payout_failed']);
    const failed = (await alertsOf(merchant)).find((a) => a.kind === 'payout_failed')!;
    expect(failed.body).toBe(
      'Kato Hardware: a payout of UGX 10,000 to +256 772 000 111 failed (Number not registered) (test); the money is back in the wallet.',
    );
    expect(failed.link_path).toBe('/settlements');
    expect(low[0]!.link_path).toBe('/settlements?view=statement');
  });
});

describe('a low balance after a wallet transfer', () => {
  it('is checked in the transfer and queued by the next pass, once per crossing of the line; none for a refusal', async () => {
    const merchant = await merchantWith({ low_balance_below: 10_000, test: true });
    const recipient = await createMerchant(dashboard, 'Nakato Stores');
    await fundWallet(dashboard, merchant, 40_000);
    await setPin(dashboard, merchant);
    // The transfer leaves its check (decision 069); the worker's pass turns it into the alerts and deletes it.
    const checks = () => dashboard.database.db.selectFrom('low_balance_checks').select('transaction_id').execute();
    const lows = async () => {
      await pass();
      expect(await checks()).toEqual([]);
      return (await alertsOf(merchant)).filter((a) => a.kind === 'low_balance');
    };

    expect((await p2p(dashboard, merchant, recipient, 100_000)).statusCode).toBe(400);
    expect(await lows()).toEqual([]);
    expect(await checks()).toEqual([]);
    expect((await p2p(dashboard, merchant, recipient, 10_000)).statusCode).toBe(201);
    expect(await checks()).toHaveLength(1);
    expect(await lows()).toEqual([]);

    expect((await p2p(dashboard, merchant, recipient, 25_000)).statusCode).toBe(201);
    const balance = await balanceOf(merchant);
    expect(balance).toBeLessThan(10_000);
    const text = ALERT_TEXTS.lowBalance({ account: 'Kato Hardware', balance, live: false });
    expect((await lows()).map((a) => [a.channel, a.destination, a.subject, a.body])).toEqual([
      ['email', merchant.email, text.subject, text.text],
    ]);

    // Further below the line is no new crossing.
    expect((await p2p(dashboard, merchant, recipient, 1_000)).statusCode).toBe(201);
    expect(await lows()).toHaveLength(1);
    expect(await alertsOf(recipient)).toEqual([]);
    // An account where nobody watches the balance leaves no check.
    await setPin(dashboard, recipient);
    expect((await p2p(dashboard, recipient, merchant, 5_000)).statusCode).toBe(201);
    expect(await checks()).toEqual([]);

    // Back above it (the 5,000 received, then 20,000 paid in) and down again is a second crossing.
    await fundWallet(dashboard, merchant, 20_000);
    expect((await p2p(dashboard, merchant, recipient, 20_000)).statusCode).toBe(201);
    expect(await lows()).toHaveLength(2);
  });
});

describe('a low balance after a wallet transfer under payout rules', () => {
  it("is checked in the rules' transaction, and not for a transfer the rules refuse", async () => {
    const merchant = await merchantWith({ low_balance_below: 10_000, test: true });
    const recipient = await createMerchant(dashboard, 'Nakato Stores');
    await fundWallet(dashboard, merchant, 40_000);
    await setPin(dashboard, merchant);
    expect((await post(dashboard, merchant, '/api/payout-rules', { per_payout_cap: 30_000 })).statusCode).toBe(200);

    // Refused by the rules after the transfer's call moved the money: its alert is undone with it.
    const refused = await p2p(dashboard, merchant, recipient, 35_000);
    expect([refused.statusCode, refused.json().code]).toEqual([400, API_ERROR_CODES.payoutRule]);
    await pass();
    expect(await alertsOf(merchant)).toEqual([]);
    expect((await p2p(dashboard, merchant, recipient, 30_000)).statusCode).toBe(201);
    expect(await balanceOf(merchant)).toBeLessThan(10_000);
    await pass();
    expect((await alertsOf(merchant)).map((a) => a.kind)).toEqual(['low_balance']);
  });
});

describe('an alert of a refund', () => {
  it('tells of a refund once the payer has it back', async () => {
    const merchant = await merchantWith({ refund_done: true, test: true });
    const id = await paid(merchant, 40_000);
    await setPin(dashboard, merchant);
    const body = { amount: 10_000, reason: 'Wrong size', pin_token: await pinToken(dashboard, merchant) };
    const res = await post(dashboard, merchant, `/api/collections/${id}/refund`, body, { 'idempotency-key': `refund-${id}` });
    expect(res.statusCode).toBe(201);
    expect(await alertsOf(merchant)).toEqual([]);
    await pass(new Date(Date.now() + 60_000));
    const alerts = await alertsOf(merchant);
    expect(alerts.map((a) => [a.kind, a.status, a.subject])).toEqual([['refund_done', 'sent', 'Refund done (test): UGX 10,000']]);
    const said = `Kato Hardware: a refund of UGX 10,000 was paid back to Okello John (+256 772 123 456) (test). Ref ${await referenceOf(id)}.`;
    expect(alerts[0]!.body).toBe(said);
    expect(readable(mails(merchant.email)[0]!.raw)).toContain(
      `${said}\r\n\r\nOpen it in your Sente dashboard: ${SITE}/collections?payment=${id}`,
    );
  });
});

describe('the daily summary', () => {
  it('waits for 08:00 EAT, and by SMS never goes outside 08:00-20:00', async () => {
    const merchant = await merchantWith({ daily_summary: true, by_sms: true, live: false, test: true });
    await fundWallet(dashboard, merchant, 40_000);
    expect((await pass(eat('2030-03-04', '07:30:00'))).alerts.summaries).toBe(0);
    expect(await alertsOf(merchant)).toEqual([]);

    // Queued at 20:30: the e-mail goes at once, the SMS waits for the next morning's window.
    await pass(eat('2030-03-04', '20:30:00'));
    const queued = (await alertsOf(merchant)).sort((a, b) => a.channel.localeCompare(b.channel));
    expect(queued.map((a) => [a.channel, a.purpose, a.status])).toEqual([
      ['email', 'promotional', 'sent'],
      ['sms', 'promotional', 'pending'],
    ]);
    expect(queued[0]!.body).toBe(
      'Kato Hardware on 2030-03-03 (test): 0 payments, UGX 0 collected; 0 payouts, UGX 0 paid out; closing balance UGX 38,800.',
    );
    expect(texts(merchant.phone)).toEqual([]);
    await pass(eat('2030-03-05', '07:59:00'));
    expect(texts(merchant.phone)).toEqual([]);

    await pass(eat('2030-03-05', '08:00:00'));
    // The evening's SMS at last, and the new day's summary (of 2030-03-04) by both channels.
    expect(texts(merchant.phone).map((sms) => sms.purpose)).toEqual(['promotional', 'promotional']);
    expect(mails(merchant.email)).toHaveLength(2);
    // One a Kampala day: a later pass that day queues no other.
    await pass(eat('2030-03-05', '12:00:00'));
    expect(await alertsOf(merchant)).toHaveLength(4);
  });
});

describe('sending', () => {
  it('sends each alert once: a failed SMS is retried with backoff, the e-mail never again, two passes at once share', async () => {
    const merchant = await merchantWith({ payment_received: true, by_sms: true, test: true });
    const sender = t.app.services.sms;
    const original = sender.send;
    let calls = 0;
    const send = vi.spyOn(sender, 'send').mockImplementation(async (message) => {
      if (message.to !== merchant.phone) return original(message);
      calls += 1;
      if (calls === 1) throw new Error('gateway down');
      return original(message);
    });
    await paid(merchant, 15_000);
    const now = new Date();
    const status = async () => (await alertsOf(merchant)).map((a) => `${a.channel}:${a.status}`).sort();
    await pass(now);
    expect(await status()).toEqual(['email:sent', 'sms:pending']);
    // Not yet due again (the first wait is 5 s): nothing is sent.
    await pass(new Date(now.getTime() + 1_000));
    expect(calls).toBe(1);
    await Promise.all([pass(new Date(now.getTime() + 6_000)), pass(new Date(now.getTime() + 6_000))]);
    expect(await status()).toEqual(['email:sent', 'sms:sent']);
    expect(mails(merchant.email)).toHaveLength(1);
    expect(texts(merchant.phone)).toHaveLength(1);
    expect(calls).toBe(2);
    const sms = (await alertsOf(merchant)).find((a) => a.channel === 'sms')!;
    expect([sms.status, sms.attempts, sms.last_error]).toEqual(['sent', 2, 'gateway down']);
    send.mockRestore();
  });
});

describe('SMS only to a verified phone', () => {
  const profileRow = (merchant: Merchant) =>
    dashboard.database.db.selectFrom('users').select(['phone', 'phone_verified_at']).where('id', '=', merchant.userId);

  it('queues no SMS for a member whose phone is not verified', async () => {
    const merchant = await merchantWith({ payment_received: true, by_sms: true, test: true });
    // As a member who chose SMS and then saved a new phone: the choice stays, the new phone is not verified.
    await dashboard.database.db.updateTable('users').set({ phone_verified_at: null }).where('id', '=', merchant.userId).execute();
    await paid(merchant, 25_000);
    expect((await alertsOf(merchant)).map((a) => a.channel)).toEqual(['email']);
  });

  it('does not text the old number when the phone changed after the alert was queued', async () => {
    const merchant = await merchantWith({ payment_received: true, by_sms: true, test: true });
    await paid(merchant, 35_000);
    expect((await alertsOf(merchant)).map((a) => a.channel).sort()).toEqual(['email', 'sms']);
    const saved = await post(dashboard, merchant, '/api/user/update-profile', {
      firstname: merchant.firstname,
      lastname: merchant.lastname,
      phone: '+256700999888',
    });
    expect(saved.statusCode).toBe(200);
    expect(await profileRow(merchant).executeTakeFirstOrThrow()).toEqual({ phone: '+256700999888', phone_verified_at: null });
    await pass();
    expect(texts(merchant.phone)).toEqual([]);
    expect(texts('256700999888')).toEqual([]);
    const sms = (await alertsOf(merchant)).find((a) => a.channel === 'sms')!;
    expect([sms.status, sms.last_error]).toEqual(['failed', PHONE_NOT_VERIFIED]);
    expect(mails(merchant.email)).toHaveLength(1);
  });
});
