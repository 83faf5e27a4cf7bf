/**
 * Decision 071: approvers are told. A movement or batch that starts to wait queues, in its own transaction, an
 * 'approval needed' alert to each member who may approve it but its maker, by their chosen channels (sent over real
 * SMTP by the worker); the Transfers list filters held rows and the export writes them as awaiting approval.
 */
import { AWAITING_WHAT } from '@sente/contracts/movement-approvals';
import { ALERT_TEXTS, DEFAULT_NOTIFICATION_SETTINGS } from '@sente/contracts/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goodRows, submittedBatch } from '../../../testing/batches.ts';
import { get, post } from '../../../testing/http.ts';
import type { Merchant } from '../../../testing/payments.ts';
import { startSmtpReceiver } from '../../../testing/smtp-receiver.ts';
import { createReplica, createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { fundWallet, payout, setPin, WALLET_ENV } from '../../../testing/transfers.ts';
import { createMember, createNamedMerchant, readWorkbook } from '../../../testing/transfers-more.ts';

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let dashboard: TestApp;
/** The worker's process, on the same database, mailing over SMTP. */
let t: TestApp;
/** The owner: asks. */
let owner: Merchant;
/** An administrator who hears of approvals in test mode. */
let admin: Merchant;
/** An operations member who never chose: hears as the defaults say (live money only). */
let clerk: Merchant;
/** A developer: may not approve, hears nothing of it. */
let developer: Merchant;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  dashboard = await createTestApp(WALLET_ENV);
  t = await createReplica(dashboard, { ...WALLET_ENV, SMTP_URL: smtp.url });
  owner = await createNamedMerchant(dashboard, 'Mbale Coffee', { firstname: 'Grace', lastname: 'Namutebi' });
  admin = await createMember(dashboard, owner, 'administrator', { firstname: 'Peter', lastname: 'Mukasa' });
  clerk = await createMember(dashboard, owner, 'operations', { firstname: 'Ruth', lastname: 'Achieng' });
  developer = await createMember(dashboard, owner, 'developer', { firstname: 'Dan', lastname: 'Okot' });
  for (const member of [owner, admin, developer]) {
    const choices = { ...DEFAULT_NOTIFICATION_SETTINGS, test: true };
    expect((await post(dashboard, member, '/api/user/notifications', choices)).statusCode).toBe(200);
  }
  await setPin(dashboard, owner);
  await fundWallet(dashboard, owner, 1_000_000);
  const rules = { per_payout_cap: null, daily_cap: null, member_daily_cap: null, approval_threshold: 50_000 };
  expect((await post(dashboard, owner, '/api/payout-rules', rules)).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await dashboard?.close();
  await smtp?.close();
});

const mails = (email: string) => smtp.received.filter((mail) => mail.to.includes(email.toLowerCase()));
const alertsOf = (member: Merchant) =>
  dashboard.database.db
    .selectFrom('member_alerts')
    .selectAll()
    .where('account_id', '=', owner.accountId)
    .where('user_id', '=', member.userId)
    .where('kind', '=', 'approval_needed')
    .execute();

describe("an 'approval needed' alert", () => {
  let held: { id: string };

  it('goes to the members who may approve a held payout, by their channels, never to its maker', async () => {
    held = (await payout(dashboard, owner, 70_000, '0772123460')).json().data;
    expect((await alertsOf(admin)).map((a) => a.channel)).toEqual(['email']);
    for (const none of [owner, clerk, developer]) expect(await alertsOf(none)).toEqual([]);
    await t.app.services.jobs.runDue();
    const mail = mails(admin.email);
    const { subject } = ALERT_TEXTS.approvalNeeded({
      account: 'Mbale Coffee',
      what: AWAITING_WHAT.payout,
      amount: 70_000,
      maker: 'Grace Namutebi',
      live: false,
    });
    expect(mail).toHaveLength(1);
    expect(mail[0]!.raw).toContain(subject);
    expect(mail[0]!.raw).toContain('Grace Namutebi asks for your approval');
    expect(mails(owner.email).filter((m) => m.raw.includes('Approval needed'))).toEqual([]);
  });

  it('goes to them when a batch is submitted, and not to one who turned it off', async () => {
    const off = { ...DEFAULT_NOTIFICATION_SETTINGS, test: true, approval_needed: false };
    expect((await post(dashboard, admin, '/api/user/notifications', off)).statusCode).toBe(200);
    const before = (await alertsOf(admin)).length;
    await submittedBatch(dashboard, clerk, goodRows(2, 900));
    expect(await alertsOf(admin)).toHaveLength(before);
    const on = { ...DEFAULT_NOTIFICATION_SETTINGS, test: true };
    expect((await post(dashboard, admin, '/api/user/notifications', on)).statusCode).toBe(200);
    const batch = await submittedBatch(dashboard, clerk, goodRows(1, 910));
    const alerts = await alertsOf(admin);
    expect(alerts).toHaveLength(before + 1);
    expect(alerts.at(-1)!.subject).toContain(`Approval needed (test): payout batch ${batch.reference} (1 payouts)`);
    // The owner may approve the operations member's batch, and hears of it.
    expect((await alertsOf(owner)).length).toBeGreaterThan(0);
  });

  it('is counted for those who may answer it, not for its maker nor for a member who may not move money', async () => {
    const counts = async (who: Merchant) => (await get(dashboard, who, '/api/transfers/awaiting-approval')).json().data;
    expect(await counts(admin)).toEqual({ movements: 1, batches: 2, total: 3 });
    // The owner asked for the payout; both batches are the clerk's.
    expect(await counts(owner)).toEqual({ movements: 0, batches: 2, total: 2 });
    expect(await counts(developer)).toEqual({ movements: 0, batches: 0, total: 0 });
  });

  it('is listed under Awaiting approval and exported as awaiting_approval; the list keeps `pending`', async () => {
    const list = await get(dashboard, owner, '/api/settlements?status=awaiting_approval');
    expect(list.statusCode).toBe(200);
    const items = list.json().data.items as { id: string; status: string }[];
    expect(items.map((item) => [item.id, item.status])).toEqual([[held.id, 'pending']]);
    const res = await get(dashboard, owner, '/api/collections/smt_download');
    const sheet = (await readWorkbook(res.rawPayload)).getWorksheet('Transfers')!;
    const headers = sheet.getRow(1).values as unknown[];
    const status = headers.indexOf('Status');
    const statuses: unknown[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) statuses.push(row.getCell(status).value);
    });
    expect(statuses).toContain('awaiting_approval');
    expect(statuses).not.toContain('pending');
  });
});
