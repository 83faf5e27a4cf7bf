/**
 * The daily summary's figures: the named Kampala day's closing balance from the ledger (not the balance when it is
 * sent), and no summary of a mode the account did not use that day and holds no money in. Its own database: the
 * first movement is moved to yesterday once posted, before any other entry of the platform's wallets exists.
 */
import { kampalaDay } from '@sente/contracts/dates';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettingsInput } from '@sente/contracts/notifications';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../../testing/http.ts';
import { createMerchant, type Merchant, PAYMENTS_ENV } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { fundWallet } from '../../testing/transfers.ts';

let t: TestApp;
/** Paid 40,000 yesterday at noon (38,800 after the fee) and 10,000 today; hears of test mode. */
let shop: Merchant;
/** Paid 10,000 today in test mode; hears of both modes, and has never had live money. */
let stall: Merchant;
/** Nothing in either mode. */
let idle: Merchant;

/** An instant at a Kampala wall-clock time (EAT is UTC+3 all year). */
const eat = (day: string, time: string) => new Date(`${day}T${time}+03:00`);
const today = kampalaDay(new Date());
const dayAfter = (day: string, days: number) => kampalaDay(new Date(eat(day, '12:00:00').getTime() + days * 86_400_000));
const yesterday = dayAfter(today, -1);
const tomorrow = dayAfter(today, 1);

async function summariesOf(merchant: Merchant, choices: Partial<NotificationSettingsInput>) {
  const res = await post(t, merchant, '/api/user/notifications', {
    ...DEFAULT_NOTIFICATION_SETTINGS,
    daily_summary: true,
    ...choices,
  });
  expect(res.statusCode).toBe(200);
}

const summaries = (merchant: Merchant) =>
  t.database.db
    .selectFrom('member_alerts')
    .select(['environment', 'subject', 'body'])
    .where('account_id', '=', merchant.accountId)
    .where('kind', '=', 'daily_summary')
    .orderBy('created_at')
    .execute();
const pass = (now: Date) => t.app.services.jobs.runDue({ now });

/**
 * Dates every ledger row written so far at `at`. The ledger stamps movements by the database's clock and refuses to
 * change its rows, so a day already past is made here, on this file's own database, with that refusal lifted for the
 * one statement: the rows are the shop's first payment alone, so each wallet's entries stay in the order they were taken.
 */
async function dateTheLedgerAt(at: Date) {
  await t.database.db.transaction().execute(async (trx) => {
    for (const table of ['ledger_transactions', 'ledger_entries']) {
      await sql`alter table ${sql.table(table)} disable trigger ${sql.raw(`${table}_immutable`)}`.execute(trx);
      await sql`update ${sql.table(table)} set created_at = ${at}`.execute(trx);
      await sql`alter table ${sql.table(table)} enable trigger ${sql.raw(`${table}_immutable`)}`.execute(trx);
    }
  });
}

beforeAll(async () => {
  t = await createTestApp(PAYMENTS_ENV);
  [shop, stall, idle] = await Promise.all([
    createMerchant(t, 'Kato Hardware'),
    createMerchant(t, 'Nakato Stores'),
    createMerchant(t, 'Okello Salon'),
  ]);
  const noon = eat(yesterday, '12:00:00');
  await fundWallet(t, shop, 40_000);
  await dateTheLedgerAt(noon);
  // The payment's own row dated as its ledger entries are.
  await t.database.db.updateTable('collections').set({ completed_at: noon }).where('account_id', '=', shop.accountId).execute();
  await fundWallet(t, shop, 10_000);
  await fundWallet(t, stall, 10_000);
  await summariesOf(shop, { live: false, test: true });
  await summariesOf(stall, { live: true, test: true });
  await summariesOf(idle, { live: true, test: true });
});
afterAll(() => t?.close());

describe('the daily summary', () => {
  it("gives the named day's closing balance, not the balance when it is sent", async () => {
    await pass(eat(today, '09:00:00'));
    expect(await summaries(shop)).toEqual([
      {
        environment: 'test',
        subject: `Kato Hardware: summary of ${yesterday} (test)`,
        body:
          `Kato Hardware on ${yesterday} (test): 1 payment, UGX 40,000 collected; 0 payouts, UGX 0 paid out; ` +
          'closing balance UGX 38,800.',
      },
    ]);
  });

  it('is not sent for a mode the account did not use that day and holds no money in', async () => {
    await pass(eat(today, '09:00:00'));
    // Yesterday the stall had nothing yet, in either mode; the idle account has never had anything.
    expect(await summaries(stall)).toEqual([]);
    expect(await summaries(idle)).toEqual([]);

    await pass(eat(tomorrow, '09:00:00'));
    expect((await summaries(stall)).map((alert) => [alert.environment, alert.body])).toEqual([
      [
        'test',
        `Nakato Stores on ${today} (test): 1 payment, UGX 10,000 collected; 0 payouts, UGX 0 paid out; closing balance UGX 9,700.`,
      ],
    ]);
    expect(await summaries(idle)).toEqual([]);
    // Today's closing balance of the shop is what it holds now: yesterday's and today's payments, less their fees.
    expect((await summaries(shop)).at(-1)?.body).toMatch(/; closing balance UGX 48,500\.$/);
  });
});
