// Seeds 1,000,000 collections on one account over the last 400 days (with their daily roll-up, made by the
// migration's backfill), then times the dashboard's two calls through the whole HTTP stack (app.inject), one request
// at a time: GET /api/reports/dashboard-stats for each period, and GET /api/collections (the first page, with its
// totalItems read from collection_counts, which triggers keep). Prints the median and p99 of each, and the plans
// PostgreSQL chose. Target: p99 under 50 ms.
// Runs on PostgreSQL only, in a database of its own created next to BENCH_DATABASE_URL (default: the test server,
// postgres://postgres@127.0.0.1:5432/test) and dropped at the end:
//   npx tsx bench/dashboard.ts            (BENCH_ROWS=100000 for a quicker run)
// The app's settings (the read class's limit lifted: 1,300 requests in a few seconds) are printed; the run ends with the
// ledger verified. BENCH_SMOKE=1: 2,000 rows and 10 requests of each, for bench/smoke.test.ts.
import { sql } from 'kysely';
import { OWN_RATE_COUNTS, printSettings, sized, UNLIMITED } from './settings.ts';

process.env.TEST_DB = 'postgres';
process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const { createTestApp } = await import('../apps/api/src/testing/test-app.ts');
const { bearer, createAccount, createSignedInUser } = await import('../apps/api/src/testing/users.ts');
const { backfillDailyTotals } = await import('../apps/api/src/db/migrations/2026_11_24_008_collection_daily_totals.ts');
const collectionsRepo = await import('../apps/api/src/modules/payments/list-repository.ts');
const { printLedgerVerified } = await import('./server.ts');

const ROWS = Number(process.env.BENCH_ROWS ?? sized(1_000_000, 2_000));
const SAMPLES = sized(300, 10);
const WARM_UP = sized(20, 2);
const QUERY_SAMPLES = sized(100, 10);

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

const settings = { PAYMENT_WORKER_INTERVAL_MS: '0', READ_RATE_LIMIT_PER_MINUTE: UNLIMITED, ...OWN_RATE_COUNTS };
printSettings(settings);
const t = await createTestApp(settings);
try {
  const db = t.database.db;
  const user = await createSignedInUser(t);
  const accountId = await createAccount(t, user.accessToken, 'Bench school');
  // A second account with a few rows, so the account filter has something to leave out.
  const other = await createSignedInUser(t);
  const otherId = await createAccount(t, other.accessToken, 'Other school');

  let started = Date.now();
  // One collection every ~35 s over 400 days; 3 in 5 successful, the rest failed or pending; a tenth in live mode.
  await sql`
    insert into collections (account_id, environment, amount, fee, channel, msisdn, card_last4, names, email,
                             extra_data, status, transaction_id, provider, expires_at, created_at, completed_at)
    select account_id, environment, amount, amount * 3 / 100, channel, msisdn, card_last4, names, email, extra_data,
           status, transaction_id, 'simulator', created_at + interval '5 minutes', created_at,
           case when status <> 'pending' then created_at + interval '4 seconds' end
    from (
      select case when n <= ${ROWS} then ${accountId}::uuid else ${otherId}::uuid end as account_id,
             case when n % 10 = 0 then 'production' else 'test' end as environment,
             1000 + (n % 500) * 100 as amount,
             (array['MTN_UG', 'AIRTEL', 'CARD'])[1 + n % 3] as channel,
             case when n % 3 = 2 then null else '25677' || lpad((n % 10000000)::text, 7, '0') end as msisdn,
             case when n % 3 = 2 then '4242' end as card_last4,
             'Payer ' || n as names,
             case when n % 4 = 0 then 'payer' || n || '@example.com' end as email,
             jsonb_build_array(jsonb_build_object('label', 'Student', 'value', 'Pupil ' || n)) as extra_data,
             (array['successful', 'successful', 'successful', 'failed', 'pending'])[1 + n % 5] as status,
             'SNTBENCH' || lpad(n::text, 8, '0') as transaction_id,
             now() - ((n::float8 / ${ROWS}) * 400 * 86400 || ' seconds')::interval as created_at
      from generate_series(1, ${ROWS + 1000}) as n
    ) as generated`.execute(db);
  console.log(
    `seeded ${ROWS.toLocaleString()} collections (+1,000 on another account) in ${seconds(started)} (${t.database.description})`,
  );
  started = Date.now();
  await backfillDailyTotals(db);
  const { rollUpRows } = await db
    .selectFrom('collection_daily_totals')
    .select((eb) => eb.fn.countAll<string>().as('rollUpRows'))
    .executeTakeFirstOrThrow();
  console.log(`backfilled the daily roll-up (${Number(rollUpRows).toLocaleString()} rows) in ${seconds(started)}`);
  started = Date.now();
  await sql`vacuum analyze collections`.execute(db);
  await sql`vacuum analyze collection_daily_totals`.execute(db);
  console.log(`vacuum analyze in ${seconds(started)}`);

  const headers = bearer(user.accessToken);
  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    return response.json().data;
  };
  const time = async (url: string) => {
    for (let i = 0; i < WARM_UP; i++) await get(url);
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const start = process.hrtime.bigint();
      await get(url);
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    samples.sort((a, b) => a - b);
    const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))] as number;
    const p99 = at(0.99);
    return { line: `median ${at(0.5).toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`, p99 };
  };

  const twelve = await get('/api/reports/dashboard-stats?period=12m');
  console.log(`12m total ${twelve.total.toLocaleString()} UGX over ${twelve.keys.length} months`);
  const list = await get('/api/collections');
  console.log(`collections list: ${list.items.length} items of ${list.totalItems.toLocaleString()}`);

  const results: { name: string; p99: number }[] = [];
  for (const url of [
    '/api/reports/dashboard-stats?period=7d',
    '/api/reports/dashboard-stats?period=30d',
    '/api/reports/dashboard-stats?period=12m',
    '/api/collections',
  ]) {
    const { line, p99 } = await time(url);
    results.push({ name: url, p99 });
    console.log(`${url.padEnd(40)} ${line}  (${SAMPLES} requests)`);
  }

  // The list's two queries on their own (they run side by side in the request): the page, and its totalItems.
  const scope = { accountId, environment: 'test' as const };
  for (const [name, query] of [
    ['  list page query alone', () => collectionsRepo.collectionsPage(db, scope, null)],
    ['  list totalItems query alone', () => collectionsRepo.countCollections(db, scope)],
  ] as const) {
    const samples: number[] = [];
    for (let i = 0; i < QUERY_SAMPLES; i++) {
      const start = process.hrtime.bigint();
      await query();
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    samples.sort((a, b) => a - b);
    const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.toFixed(2);
    console.log(`${name.padEnd(40)} median ${at(0.5)} ms, p99 ${at(0.99)} ms  (${QUERY_SAMPLES} queries)`);
  }

  // What PostgreSQL does for each query of the list (the page and its count) and for the 12-month roll-up read.
  const explain = async (label: string, query: ReturnType<typeof sql>) => {
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers) ${query}`.execute(db);
    console.log(`\n${label}:\n${rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n')}`);
  };
  await explain(
    'list page',
    sql`select collections.id, links.ref from collections left join links on links.id = collections.link_id
        where collections.account_id = ${accountId} and collections.environment = 'test'
        order by collections.created_at desc, collections.id desc limit 21`,
  );
  await explain(
    'list totalItems (collection_counts)',
    sql`select total from collection_counts where account_id = ${accountId} and environment = 'test'`,
  );
  await explain(
    'dashboard-stats 12m',
    sql`select to_char(day, 'YYYY-MM') as key, channel, currency, sum(amount)::text from collection_daily_totals
        where account_id = ${accountId} and environment = 'test' and day >= current_date - 366 group by 1, 2, 3`,
  );

  const missed = results.filter((result) => result.p99 >= 50);
  console.log(
    missed.length === 0
      ? '\nevery p99 under 50 ms'
      : `\nover the 50 ms p99 target: ${missed.map((m) => `${m.name} by ${(m.p99 - 50).toFixed(1)} ms`).join(', ')}`,
  );
  await printLedgerVerified(t.app.services);
} finally {
  await t.close();
}
