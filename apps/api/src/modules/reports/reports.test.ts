import { type Environment, STAFF_ROLES } from '@sente/contracts/constants';
import { REPORT_MESSAGES, type ReportPeriod } from '@sente/contracts/report-periods';
import type { DashboardStats } from '@sente/contracts/reports';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillDailyTotals } from '../../db/migrations/2026_11_24_008_collection_daily_totals.ts';
import {
  createMerchant,
  createPaymentLink,
  expectLedgerHolds,
  type Merchant,
  PAYMENTS_ENV,
  payId,
} from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { addMember, bearer, createSignedInUser } from '../../testing/users.ts';
import { newTransactionId } from '../payments/pay.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const KAMPALA_MS = 3 * 60 * 60 * 1000;

/** Today in Kampala, worked out here without the module's calendar. */
const TODAY = new Date(Date.now() + KAMPALA_MS).toISOString().slice(0, 10);
const THIS_MONTH = TODAY.slice(0, 7);
/** The Kampala day `n` days from today ('YYYY-MM-DD'). */
const day = (n: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
/** The first day of the month `n` months from this one, and the last day of that month. */
const firstOfMonth = (n: number) => {
  const [y, m] = THIS_MONTH.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + n, 1)).toISOString().slice(0, 10);
};
const lastOfMonth = (n: number) => new Date(Date.parse(`${firstOfMonth(n + 1)}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

type Channel = 'MTN_UG' | 'AIRTEL' | 'CARD';
type Seed = {
  name: string;
  env: Environment;
  /** Kampala day and time the collection completed (or was made, if it stays pending). */
  day: string;
  time: string;
  channel: Channel;
  amount: number;
  status: 'successful' | 'failed' | 'pending';
};
const at = (seed: { day: string; time: string }) => new Date(`${seed.day}T${seed.time}+03:00`);

// Amounts are powers of two times 1,000, so every sum says which collections it holds.
const SEEDS: Seed[] = [
  { name: 'today morning', env: 'test', day: day(0), time: '10:00:00', channel: 'MTN_UG', amount: 10_000, status: 'successful' },
  // The day boundary: 20:59:59 UTC is yesterday in Kampala, 21:00:00 UTC is today.
  {
    name: 'last second of yesterday',
    env: 'test',
    day: day(-1),
    time: '23:59:59',
    channel: 'AIRTEL',
    amount: 20_000,
    status: 'successful',
  },
  {
    name: 'first second of today',
    env: 'test',
    day: day(0),
    time: '00:00:00',
    channel: 'MTN_UG',
    amount: 40_000,
    status: 'successful',
  },
  {
    name: 'card, first day of 7d',
    env: 'test',
    day: day(-6),
    time: '12:00:00',
    channel: 'CARD',
    amount: 5_000,
    status: 'successful',
  },
  { name: 'day before 7d', env: 'test', day: day(-7), time: '12:00:00', channel: 'MTN_UG', amount: 80_000, status: 'successful' },
  {
    name: 'first day of 30d',
    env: 'test',
    day: day(-29),
    time: '00:00:00',
    channel: 'AIRTEL',
    amount: 160_000,
    status: 'successful',
  },
  {
    name: 'day before 30d',
    env: 'test',
    day: day(-30),
    time: '23:59:59',
    channel: 'MTN_UG',
    amount: 320_000,
    status: 'successful',
  },
  // The month boundary: the last second of a month and the first second of the next.
  {
    name: 'end of month -3',
    env: 'test',
    day: lastOfMonth(-3),
    time: '23:59:59',
    channel: 'MTN_UG',
    amount: 640_000,
    status: 'successful',
  },
  {
    name: 'start of month -2',
    env: 'test',
    day: firstOfMonth(-2),
    time: '00:00:00',
    channel: 'AIRTEL',
    amount: 1_280_000,
    status: 'successful',
  },
  // The 12-month window: month -12 is out, month -11 is its first key.
  {
    name: 'end of month -12',
    env: 'test',
    day: lastOfMonth(-12),
    time: '23:59:59',
    channel: 'MTN_UG',
    amount: 2_560_000,
    status: 'successful',
  },
  {
    name: 'start of month -11',
    env: 'test',
    day: firstOfMonth(-11),
    time: '00:00:00',
    channel: 'CARD',
    amount: 5_120_000,
    status: 'successful',
  },
  { name: 'failed today', env: 'test', day: day(0), time: '09:00:00', channel: 'MTN_UG', amount: 7_777_000, status: 'failed' },
  { name: 'pending today', env: 'test', day: day(0), time: '09:30:00', channel: 'AIRTEL', amount: 9_999_000, status: 'pending' },
  {
    name: 'live today',
    env: 'production',
    day: day(0),
    time: '08:00:00',
    channel: 'MTN_UG',
    amount: 3_000,
    status: 'successful',
  },
  {
    name: 'live 2 days ago',
    env: 'production',
    day: day(-2),
    time: '00:00:00',
    channel: 'AIRTEL',
    amount: 6_000,
    status: 'successful',
  },
  {
    name: 'live card, month -1',
    env: 'production',
    day: firstOfMonth(-1),
    time: '00:00:00',
    channel: 'CARD',
    amount: 12_000,
    status: 'successful',
  },
  { name: 'live failed', env: 'production', day: day(-1), time: '12:00:00', channel: 'AIRTEL', amount: 24_000, status: 'failed' },
];
/** A USD collection: none can be taken yet, so it is written as a successful row and added up by the backfill. */
const USD = { env: 'test' as const, day: day(-1), time: '12:00:00', channel: 'MTN_UG' as const, amount: 25 };

let t: TestApp;
let merchant: Merchant;
let other: Merchant;
/** The roll-up as `settle` kept it, before the backfill rebuilt it. */
let settledRollUp: unknown[];

async function insertCollection(
  accountId: string,
  seed: { env: Environment; channel: Channel; amount: number; day: string; time: string },
  extra: { status?: string; currency?: string; completed_at?: Date } = {},
) {
  const made = new Date(at(seed).getTime() - 60_000);
  const { rows } = await sql<{ id: string }>`
    insert into collections (account_id, environment, amount, fee, channel, msisdn, email, names, transaction_id,
                             provider, expires_at, created_at, status, currency, completed_at)
    values (${accountId}, ${seed.env}, ${seed.amount}, 0, ${seed.channel},
            ${seed.channel === 'CARD' ? null : '256772123456'}, ${seed.channel === 'CARD' ? 'payer@example.com' : null},
            'Okello John', ${newTransactionId()}, 'simulator', ${made}, ${made}, ${extra.status ?? 'pending'},
            ${extra.currency ?? 'UGX'}, ${extra.completed_at ?? null})
    returning id`.execute(t.database.db);
  return rows[0]!.id;
}

/** A collection made on its day and settled through the payments service, completed at its Kampala time. */
async function seed(accountId: string, one: Seed) {
  const id = await insertCollection(accountId, one);
  if (one.status === 'pending') return id;
  const applied = await t.app.services.payments.settle(id, { status: one.status, message: null, completedAt: at(one) });
  if (!applied) throw new Error(`settle did not apply ${one.name}`);
  return id;
}

const readRollUp = (accountId: string) =>
  t.database.db
    .selectFrom('collection_daily_totals')
    .select([
      'environment',
      sql<string>`day::text`.as('day'),
      'channel',
      'currency',
      sql<string>`amount::text`.as('amount'),
      'count',
    ])
    .where('account_id', '=', accountId)
    .orderBy('environment')
    .orderBy('day')
    .orderBy('channel')
    .orderBy('currency')
    .execute();

beforeAll(async () => {
  t = await createTestApp(PAYMENTS_ENV);
  [merchant, other] = await Promise.all([createMerchant(t, 'Reports Shop'), createMerchant(t, 'Other Shop')]);
  for (const one of SEEDS) await seed(merchant.accountId, one);
  settledRollUp = await readRollUp(merchant.accountId);
  await insertCollection(merchant.accountId, USD, { status: 'successful', currency: 'USD', completed_at: at(USD) });
  await backfillDailyTotals(t.database.db, merchant.accountId);
  // The other account: one payment the ordinary way (public page, then the worker's pass) and one seeded today.
  const link = await createPaymentLink(t, other, { amount: 25_000 });
  await payId(t, link.ref);
  expect(await t.app.services.jobs.runDue()).toMatchObject({ payments: { settled: 1 } });
  await seed(other.accountId, { ...SEEDS[0]!, amount: 999_000 });
}, 60_000);
afterAll(() => t?.close());

const get = (who: { accessToken: string }, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(who.accessToken) });

async function stats(who: Merchant, period?: ReportPeriod, env?: Environment): Promise<DashboardStats> {
  if (env) await t.database.db.updateTable('accounts').set({ active_environment: env }).where('id', '=', who.accountId).execute();
  const res = await get(who, `/api/reports/dashboard-stats${period ? `?period=${period}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.status).toBe('success');
  return body.data;
}

const PERIODS: { period: ReportPeriod; unit: 'day' | 'month'; length: number }[] = [
  { period: '7d', unit: 'day', length: 7 },
  { period: '30d', unit: 'day', length: 30 },
  { period: '12m', unit: 'month', length: 12 },
];

/** What the chart must show for one environment, from the seeds' own days (day or month keys). */
function expected(env: Environment, keys: string[], unit: 'day' | 'month') {
  const keyOf = (seedDay: string) => (unit === 'day' ? seedDay : seedDay.slice(0, 7));
  const counted = SEEDS.filter((one) => one.env === env && one.status === 'successful' && keys.includes(keyOf(one.day)));
  const sumWhere = (test: (one: Seed) => boolean) => counted.filter(test).reduce((total, one) => total + one.amount, 0);
  const usd = env === USD.env && keys.includes(keyOf(USD.day)) ? USD.amount : 0;
  return {
    keys,
    data: keys.map((key) => sumWhere((one) => keyOf(one.day) === key)),
    data_usd: keys.map((key) => (env === USD.env && keyOf(USD.day) === key ? USD.amount : 0)),
    groupSumByChannel: {
      MTN_UG: sumWhere((one) => one.channel === 'MTN_UG'),
      AIRTEL: sumWhere((one) => one.channel === 'AIRTEL'),
    },
    total: sumWhere(() => true),
    total_usd: usd,
  };
}

describe('GET /api/reports/dashboard-stats', () => {
  for (const env of ['test', 'production'] as const) {
    for (const { period, unit, length } of PERIODS) {
      it(`${env}, ${period}: keys oldest first ending now in Kampala, successful collections of that environment only`, async () => {
        const answer = await stats(merchant, period, env);
        expect(answer.period).toBe(period);
        expect(answer.keys).toHaveLength(length);
        expect(answer.keys.at(-1)).toBe(unit === 'day' ? TODAY : THIS_MONTH);
        // Consecutive days, or consecutive months.
        for (let i = 1; i < length; i++) {
          const [previous, current] = [answer.keys[i - 1]!, answer.keys[i]!];
          if (unit === 'day') expect(Date.parse(current) - Date.parse(previous)).toBe(DAY_MS);
          else
            expect(current).toBe(
              new Date(Date.UTC(Number(previous.slice(0, 4)), Number(previous.slice(5, 7)), 1)).toISOString().slice(0, 7),
            );
        }
        expect(answer).toEqual({ period, ...expected(env, answer.keys, unit) });
      });
    }
  }

  it('counts the day by Kampala time: 20:59:59 UTC is yesterday, 21:00 UTC is today', async () => {
    const answer = await stats(merchant, '7d', 'test');
    expect(answer.data.at(-1)).toBe(10_000 + 40_000);
    expect(answer.data.at(-2)).toBe(20_000);
    expect(answer.data_usd.at(-2)).toBe(25);
    expect(answer.data[0]).toBe(5_000);
    expect(answer.total).toBe(75_000);
    expect(answer.groupSumByChannel).toEqual({ MTN_UG: 50_000, AIRTEL: 20_000 });
    expect((await stats(merchant, '30d')).total).toBe(315_000);
  });

  it('counts the month by Kampala time, and the 12 months start on the first day of the 11th month back', async () => {
    // The last second of a month and the first second of the next land on their own Kampala days.
    const rows = await readRollUp(merchant.accountId);
    expect(rows).toContainEqual({
      environment: 'test',
      day: lastOfMonth(-3),
      channel: 'MTN_UG',
      currency: 'UGX',
      amount: '640000',
      count: 1,
    });
    expect(rows).toContainEqual({
      environment: 'test',
      day: firstOfMonth(-2),
      channel: 'AIRTEL',
      currency: 'UGX',
      amount: '1280000',
      count: 1,
    });
    const answer = await stats(merchant, '12m', 'test');
    expect(answer.keys[0]).toBe(firstOfMonth(-11).slice(0, 7));
    expect(answer.data[0]).toBe(5_120_000);
    expect(answer.total).toBe(7_675_000);
    expect(answer.groupSumByChannel).toEqual({ MTN_UG: 1_090_000, AIRTEL: 1_460_000 });
  });

  it('answers 7d without a period and refuses another period with a message', async () => {
    expect(await stats(merchant, undefined, 'test')).toEqual(await stats(merchant, '7d'));
    for (const query of ['period=1y', 'period=', 'period=7D', 'period=7d&period=30d']) {
      const res = await get(merchant, `/api/reports/dashboard-stats?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', message: REPORT_MESSAGES.invalidPeriod });
    }
  });

  it("never counts another account's collections", async () => {
    const mine = await stats(merchant, '7d', 'test');
    expect(mine.total).toBe(75_000);
    const theirs = await stats(other, '7d', 'test');
    expect(theirs.total).toBe(25_000 + 999_000);
    expect(theirs.groupSumByChannel).toEqual({ MTN_UG: 1_024_000, AIRTEL: 0 });
    expect(theirs.data.at(-1)).toBe(1_024_000);
  });

  it('may be read by a member of every role, on the account they are in', async () => {
    const owners = await stats(merchant, '30d', 'test');
    for (const role of STAFF_ROLES) {
      const member = await createSignedInUser(t);
      await addMember(t, merchant.accountId, member, role, merchant.userId, { makeCurrent: true });
      const res = await get(member, '/api/reports/dashboard-stats?period=30d');
      expect(res.statusCode, role).toBe(200);
      expect(res.json().data, role).toEqual(owners);
    }
  });

  it('needs a session and a current account', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/reports/dashboard-stats' });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBeTruthy();
    const loner = await createSignedInUser(t);
    expect((await get(loner, '/api/reports/dashboard-stats')).statusCode).toBe(409);
  });
});

describe('the daily roll-up', () => {
  it('counts a collection once however often its success is reported', async () => {
    const shop = await createMerchant(t, 'Twice Shop');
    const one = { env: 'test' as const, day: day(0), time: '11:00:00', channel: 'AIRTEL' as const, amount: 4_000 };
    const id = await insertCollection(shop.accountId, one);
    const report = { status: 'successful' as const, message: null, completedAt: at(one) };
    const applied = await Promise.all([1, 2, 3].map(() => t.app.services.payments.settle(id, report)));
    expect(applied.filter(Boolean)).toHaveLength(1);
    expect(await t.app.services.payments.settle(id, report)).toBeUndefined();
    expect(await t.app.services.payments.settle(id, { ...report, status: 'failed' })).toBeUndefined();
    expect(await readRollUp(shop.accountId)).toEqual([
      { environment: 'test', day: day(0), channel: 'AIRTEL', currency: 'UGX', amount: '4000', count: 1 },
    ]);
    const answer = await stats(shop, '7d');
    expect(answer.total).toBe(4_000);
    expect(answer.groupSumByChannel).toEqual({ MTN_UG: 0, AIRTEL: 4_000 });
    await expectLedgerHolds(t);
  });

  it("is what the migration's backfill makes of the same collections", async () => {
    const rebuilt = await readRollUp(merchant.accountId);
    const usdRow = { environment: 'test', day: USD.day, channel: 'MTN_UG', currency: 'USD', amount: '25', count: 1 };
    expect(rebuilt).toHaveLength(settledRollUp.length + 1);
    expect(rebuilt).toEqual(expect.arrayContaining([...settledRollUp, usdRow]));
    // One row per environment, day and channel of the successful collections, none for failed or pending ones.
    const successful = SEEDS.filter((one) => one.status === 'successful');
    expect(settledRollUp).toHaveLength(new Set(successful.map((one) => `${one.env} ${one.day} ${one.channel}`)).size);
    const counted = (settledRollUp as { count: number }[]).reduce((total, row) => total + row.count, 0);
    expect(counted).toBe(successful.length);
  });
});
