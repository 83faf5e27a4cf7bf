import { kampalaDay } from '@sente/contracts/dates';
import { SHARING_MESSAGES } from '@sente/contracts/link-sharing';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENTS_ENV } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { bearer, signIn } from '../../testing/users.ts';
import { runOpsCommand } from '../ops/commands.ts';
import { DEMO_ACCOUNTS, DEMO_BUSINESS, DEMO_PENDING_INVITE, DEMO_TEAM, DEMO_USER } from './demo-data.ts';
import { refusedInProduction } from './refusal.ts';
import { demoSeederOf, seedDemo } from './run.ts';
import type { DemoSummary } from './seed.ts';

const NOW = new Date();
const COLLECTIONS = 100;
const DAY = 86_400_000;

let t: TestApp;
let summary: DemoSummary;
/** The seeder as scripts/seed-demo.ts builds it: from outside the app, over the services the app's routes use. */
let seeder: ReturnType<typeof demoSeederOf>;

beforeAll(async () => {
  // No worker: the payout stays pending, as it is for the seconds after a real seed.
  t = await createTestApp(PAYMENTS_ENV);
  seeder = demoSeederOf(t.app.services, t.database.db, { PASSWORD_HASH_COST: 10, SIMULATOR_DELAY_MS: 0 });
  const seeded = await seeder.seed({ collections: COLLECTIONS, now: NOW });
  if (typeof seeded === 'string') throw new Error(`seed:demo refused: ${seeded}`);
  summary = seeded;
}, 120_000);
afterAll(() => t.close());

const accountIdOf = async (name: string) =>
  (await t.database.db.selectFrom('accounts').select('id').where('account_name', '=', name).executeTakeFirstOrThrow()).id;

/** The demo merchant's view through the API, signed in with the documented password. */
async function asDemoMerchant(path: string) {
  const { accessToken } = await signIn(t, DEMO_USER.email, DEMO_USER.password);
  const res = await t.app.inject({ method: 'GET', url: path, headers: bearer(accessToken) });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('seed:demo', () => {
  it('is a script outside the app: neither a service nor an operator command', async () => {
    expect(Object.keys(t.app.services)).not.toContain('demo');
    expect(await runOpsCommand(t.app.services, 'seed:demo', [])).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^Unknown command seed:demo\./),
    });
  });

  it('refuses to run in production, before reading a setting', () => {
    expect(refusedInProduction({ NODE_ENV: 'production' })).toMatch(/refuses to run in production .*Nothing was written\.$/);
    expect(refusedInProduction({ NODE_ENV: 'production' })).not.toContain(DEMO_USER.password);
    expect(refusedInProduction({ NODE_ENV: 'development' })).toBeNull();
    expect(refusedInProduction({})).toBeNull();
  });

  it('makes a verified demo merchant with two accounts whose collections span the last six months', async () => {
    expect(summary).toMatchObject({ accounts: 2, links: 7, collections: COLLECTIONS, transfers: 5 });
    const rows = await t.database.db
      .selectFrom('collections')
      .select(['status', 'created_at', 'environment'])
      .where('account_id', 'in', [await accountIdOf(DEMO_ACCOUNTS.school), await accountIdOf(DEMO_ACCOUNTS.bakery)])
      .execute();
    expect(rows).toHaveLength(COLLECTIONS);
    expect(rows.filter((row) => row.status === 'successful')).toHaveLength(summary?.successful ?? -1);
    // The simulator fails about one payer in twelve; none stays pending.
    expect(summary?.successful).toBeGreaterThan(COLLECTIONS * 0.8);
    expect(rows.some((row) => row.status === 'pending')).toBe(false);
    expect(new Set(rows.map((row) => row.environment))).toEqual(new Set(['test']));
    const ages = rows.map((row) => (NOW.getTime() - new Date(row.created_at).getTime()) / DAY);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThanOrEqual(181);
    const months = new Set(rows.map((row) => new Date(row.created_at).toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(5);
  });

  it('leaves a ledger that balances, with wallets that are what the collections and transfers make them', async () => {
    expect(await t.app.services.ledger.verify()).toEqual([]);
    const school = await accountIdOf(DEMO_ACCOUNTS.school);
    const bakery = await accountIdOf(DEMO_ACCOUNTS.bakery);
    const netCollected = async (accountId: string) => {
      const { rows } = await sql<{ net: string }>`select coalesce(sum(amount - fee), 0) as net from collections
        where account_id = ${accountId} and status = 'successful'`.execute(t.database.db);
      return Number(rows[0]?.net);
    };
    // Out of the school: 150,000 + 500 to the bakery, 2,000,000 + 2,000 settled, 1,000,000 + 2,000 held for the
    // pending settlement, 80,000 + 1,000 for the payout, and half of a payment refunded (its fee stays).
    const { rows: refunded } = await sql<{ amount: string }>`select amount from transfers
      where account_id = ${school} and kind = 'refund'`.execute(t.database.db);
    expect(refunded).toHaveLength(1);
    const moved = 150_500 + 2_002_000 + 1_002_000 + 81_000 + Number(refunded[0]!.amount);
    const { userWallet } = await asDemoMerchant('/api/user/profile').then((user) => user.current_account);
    expect(userWallet.current_balance_sand_box).toBe((await netCollected(school)) - moved);
    expect(userWallet.current_balance).toBe(0);
    const balances = await t.app.services.transfers.summary({ accountId: bakery, environment: 'test' });
    expect(balances.current_balance_sand_box).toBe((await netCollected(bakery)) + 150_000);
  });

  it('shows the merchant their links, backdated collections, customers and every kind of transfer', async () => {
    const links = await asDemoMerchant('/api/payment-link');
    expect(links.items.map((link: { title: string }) => link.title).sort()).toEqual([
      'School uniform',
      'Term 1 fees',
      'Zoo trip 2026',
    ]);
    expect(links.items.find((link: { title: string }) => link.title === 'Zoo trip 2026').is_disabled).toBe(true);
    const collections = await asDemoMerchant('/api/collections');
    expect(collections.items.length).toBeGreaterThan(0);
    expect(new Date(collections.items[0].created_at).getTime()).toBeLessThanOrEqual(NOW.getTime());
    // An opened payment's timeline moved back with it: it starts when the payment did, in order.
    const oldest = collections.items.at(-1);
    const opened = await asDemoMerchant(`/api/collections/${oldest.id}`);
    expect(opened.timeline[0]).toMatchObject({ kind: 'created', at: oldest.created_at });
    const times = opened.timeline.map((event: { at: string }) => event.at);
    expect(times).toEqual([...times].sort());
    expect(new Date(times.at(-1)).getTime()).toBeLessThan(new Date(oldest.created_at).getTime() + DAY);
    const customers = await asDemoMerchant('/api/customers');
    expect(customers.totalItems).toBeGreaterThan(5);
    const transfers = await asDemoMerchant('/api/settlements');
    expect(transfers.items.map((row: { kind: string; status: string }) => `${row.kind}:${row.status}`).sort()).toEqual([
      'payout:pending',
      'refund:pending',
      'settlement:pending',
      'settlement:successful',
      'wallet_transfer:successful',
    ]);
  });

  it("fills the school's business details, certificate and compliance documents, and reports its collections by paid day", async () => {
    const profile = await asDemoMerchant('/api/user/profile');
    expect(profile.current_account.business_details).toMatchObject({
      business_name: 'Kampala Parents School Ltd',
      business_industry: 'Education',
      country: 'Uganda',
      certificate_url: expect.stringMatching(/^certificates\//),
    });
    const documents = await asDemoMerchant('/api/sente-account/sente-files');
    expect(documents.map((file: { file_name: string }) => file.file_name)).toEqual(['TIN certificate', 'Trading license']);

    const stats = await asDemoMerchant('/api/reports/dashboard-stats?period=12m');
    const schoolId = await accountIdOf(DEMO_ACCOUNTS.school);
    const paid = await t.database.db
      .selectFrom('collections')
      // Net of refunds (decision 057): the demo refunds half of one payment.
      .select(sql<string>`sum(amount - amount_refunded)`.as('total'))
      .where('account_id', '=', schoolId)
      .where('environment', '=', 'test')
      .where('status', '=', 'successful')
      .executeTakeFirstOrThrow();
    expect(stats.total).toBe(Number(paid.total));
    // Backdated over six months, the payments land on their own months, not all on the day of the seed.
    expect(stats.data.filter((amount: number) => amount > 0).length).toBeGreaterThan(3);
  });

  it("turns on the school's SMS receipts, prints its merchant codes on its posters and mails the demo user each payment", async () => {
    const profile = await asDemoMerchant('/api/user/profile');
    expect(profile.current_account.account_name).toBe(DEMO_ACCOUNTS.school);
    expect(profile.current_account.sms_receipts).toBe(true);
    expect(profile.current_account.business_details).toMatchObject({
      momo_merchant_code: DEMO_BUSINESS.momo_merchant_code,
      airtel_merchant_code: DEMO_BUSINESS.airtel_merchant_code,
    });
    const links = await asDemoMerchant('/api/payment-link');
    const fees = links.items.find((link: { title: string }) => link.title === 'Term 1 fees');
    const poster = await t.app.inject({ method: 'GET', url: `/posters/${fees.ref}` });
    expect(poster.statusCode).toBe(200);
    expect(poster.body).toContain(SHARING_MESSAGES.payWithMomo(DEMO_BUSINESS.momo_merchant_code));
    expect(poster.body).toContain(SHARING_MESSAGES.payWithAirtel(DEMO_BUSINESS.airtel_merchant_code));

    const notifications = await asDemoMerchant('/api/user/notifications');
    expect(notifications).toMatchObject({ payment_received: true, payment_above: null, by_email: true, test: true });
    // Turned on after the history was made: the seeded payments texted no payer and alerted nobody.
    expect(await t.database.db.selectFrom('sms_messages').select('id').execute()).toEqual([]);
    expect(await t.database.db.selectFrom('member_alerts').select('id').execute()).toEqual([]);
  });

  it("posts each payment's ledger lines when the seed settled it, and Reports each payment on the day it was paid (decision 084)", async () => {
    const school = await accountIdOf(DEMO_ACCOUNTS.school);
    const { rows: lines } = await sql<{ created_at: Date; completed_at: Date }>`
      select e.created_at, c.completed_at from ledger_entries e
        join wallets w on w.id = e.wallet_id and w.account_id = ${school} and w.kind = 'merchant'
        join ledger_transactions lt on lt.id = e.transaction_id and lt.kind = 'collection'
        join collections c on c.id = lt.reference_id`.execute(t.database.db);
    expect(lines.length).toBeGreaterThan(COLLECTIONS / 2);
    // The ledger stamps by the database's clock: every line is the seed's, after the payment's backdated completion.
    for (const line of lines) {
      expect(new Date(line.created_at).getTime()).toBeGreaterThanOrEqual(NOW.getTime());
      expect(new Date(line.created_at).getTime()).toBeGreaterThan(new Date(line.completed_at).getTime());
    }

    const paid = await t.database.db
      .selectFrom('collections')
      .select(['amount', 'fee', 'created_at'])
      .where('account_id', '=', school)
      .where('status', '=', 'successful')
      .execute();
    const monthOf = (at: Date | string) => kampalaDay(new Date(at)).slice(0, 7);
    const thisMonth = monthOf(NOW);
    // The busiest month before this one: Reports show its payments, its statement none (its money moved at the seed).
    const months = [...new Set(paid.map((row) => monthOf(row.created_at)))].filter((month) => month < thisMonth).sort();
    const count = (month: string) => paid.filter((row) => monthOf(row.created_at) === month).length;
    const month = months.reduce((best, one) => (count(one) > count(best) ? one : best));
    const inMonth = paid.filter((row) => monthOf(row.created_at) === month);
    const [year, number] = month.split('-').map(Number) as [number, number];
    const last = new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
    const past = await asDemoMerchant(`/api/wallet/statement/summary?from=${month}-01&to=${last}`);
    expect(past).toMatchObject({ credits: 0, debits: 0, fees: 0 });
    const stats = await asDemoMerchant('/api/reports/dashboard-stats?period=12m');
    expect(stats.data[stats.keys.indexOf(month)]).toBe(inMonth.reduce((total, row) => total + Number(row.amount), 0));

    // The seed's day holds every payment's credit and fee, the charges of its transfers (wallet transfer, the two
    // settlements, the payout), and closes on what the wallet holds.
    const today = kampalaDay(new Date());
    const seedDay = await asDemoMerchant(`/api/wallet/statement/summary?from=${kampalaDay(NOW)}&to=${today}`);
    expect(seedDay).toMatchObject({
      credits: paid.reduce((total, row) => total + Number(row.amount), 0),
      fees: paid.reduce((total, row) => total + Number(row.fee), 0) + 500 + 2_000 + 2_000 + 1_000,
      opening_balance: 0,
    });
    const { userWallet } = await asDemoMerchant('/api/user/profile').then((user) => user.current_account);
    expect(seedDay.closing_balance).toBe(userWallet.current_balance_sand_box);
  });

  it('gives the school a member of each role who joined by invitation, and one invitation still open', async () => {
    const staff = await asDemoMerchant('/api/staff/list');
    const rows = staff.items.map((row: { email: string; staff_role: string; user: unknown }) => [
      row.email,
      row.staff_role,
      row.user !== null,
    ]);
    expect(rows).toEqual(
      expect.arrayContaining([
        [DEMO_USER.email, 'owner', true],
        ...DEMO_TEAM.map((member) => [member.email, member.staff_role, true]),
        [DEMO_PENDING_INVITE.email, DEMO_PENDING_INVITE.staff_role, false],
      ]),
    );
    expect(staff.totalItems).toBe(DEMO_TEAM.length + 2);

    const developer = await signIn(t, 'developer@demo.sente.local', DEMO_USER.password);
    expect(developer.user.staff_profiles).toEqual([
      expect.objectContaining({
        staff_role: 'developer',
        sente_account: expect.objectContaining({ account_name: DEMO_ACCOUNTS.school }),
      }),
    ]);
  });

  it('runs once: a second seed finds the demo merchant and adds nothing', async () => {
    const count = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from collections`.execute(t.database.db)).rows[0]?.n);
    const before = await count();
    expect(await seeder.seed({ collections: 10 })).toBe('exists');
    expect(await count()).toBe(before);
  });

  it('is npm run seed:demo, which refuses a count it cannot take', async () => {
    expect(await seedDemo(seeder, ['lots'])).toMatchObject({ ok: false });
    expect(await seedDemo(seeder, ['-5'])).toMatchObject({ ok: false });
    expect(await seedDemo(seeder, ['10', '20'])).toMatchObject({ ok: false });
    const again = await seedDemo(seeder, ['10']);
    expect(again).toEqual({ ok: true, message: `The demo merchant ${DEMO_USER.email} already exists; nothing was added.` });
  });
});
