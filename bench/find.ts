// Find (decision 051): a filtered first page of GET /api/collections at 1,000,000 collections on one account, on PostgreSQL.
// Seeds the account with generate_series (one statement), analyses, then calls the route through the app (inject, in
// this process: the route, its schema, its serialiser and its two queries, without the network) one request at a time,
// BENCH_SAMPLES times (default 300) after 20 of warm-up, for each filter alone, a phone, names, a transaction ID and a
// combination, and prints p50 and p99. Goal: p99 under 50 ms each. Needs PostgreSQL:
// TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test (the default) npx tsx bench/find.ts
// The app's settings are printed (the read class's limit lifted); the run ends with the ledger verified.
// BENCH_SMOKE=1: 2,000 collections and 5 requests of each, for bench/smoke.test.ts.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { adminQuery, databaseUrl } from '../apps/api/src/testing/database-template.ts';
import { bearer, createAccount, createSignedInUser } from '../apps/api/src/testing/users.ts';
import { createBenchDatabase, openSeedingApp, printLedgerVerified } from './server.ts';
import { BENCH_SUPPORT_CONTACTS, OWN_RATE_COUNTS, printSettings, sized, UNLIMITED } from './settings.ts';

const COLLECTIONS = Number(process.env.BENCH_COLLECTIONS ?? sized(1_000_000, 2_000));
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? sized(300, 5));
const WARM_UP = sized(20, 1);
const GOAL_P99_MS = 50;

const FIRST = ['John', 'Grace', 'Peter', 'Mary', 'Joseph', 'Sarah', 'David', 'Ruth', 'Moses', 'Esther'];
const LAST = ['Okello', 'Nakato', 'Mugisha', 'Namubiru', 'Ssemwanga', 'Achieng', 'Tumusiime', 'Auma', 'Kato', 'Byaruhanga'];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `sente_bench_find_${randomBytes(4).toString('hex')}`;
  await createBenchDatabase(adminUrl, name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sente-bench-find-'));
  const settings = {
    NODE_ENV: 'production',
    ...BENCH_SUPPORT_CONTACTS,
    TRUST_PROXY: 'false',
    PUBLIC_URL: 'http://127.0.0.1',
    READ_RATE_LIMIT_PER_MINUTE: UNLIMITED,
    ...OWN_RATE_COUNTS,
    // No worker may expire the seeded pending payments while the bench reads them.
    PAYMENT_WORKER_INTERVAL_MS: '0',
  };
  printSettings(settings);
  const opened = openSeedingApp({
    ...process.env,
    ...settings,
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: databaseUrl(adminUrl, name),
  });
  const t = await opened.catch(async (error) => {
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    throw error;
  });
  try {
    const user = await createSignedInUser(t);
    const accountId = await createAccount(t, user.accessToken, 'Bench shop');
    const db = t.database.db;
    const started = Date.now();
    await sql`
      insert into links (account_id, kind, ref, title, amount, created_by)
      select ${accountId}, 'payment_link', 'findbench' || n, 'Link ' || n, 1000, ${user.userId} from generate_series(1, 50) n`.execute(
      db,
    );
    // Ten first names by ten surnames; one payer in 100,000 is 'Zziwa Rarename'; a phone for each row; 60% MTN, 30%
    // Airtel, 10% cards; 5% failed, 2% pending; a third through one of 50 links; a quarter with an API reference.
    await sql`
      insert into collections (account_id, environment, link_id, amount, fee, channel, msisdn, card_last4, names, extra_data,
                               status, transaction_id, provider, expires_at, reference, created_at, updated_at)
      select ${accountId}, 'test',
             case when n % 3 = 0 then (select id from links where ref = 'findbench' || (1 + n % 50)) end,
             1000 + n % 5000, 30,
             (case when n % 10 < 6 then 'MTN_UG' when n % 10 < 9 then 'AIRTEL' else 'CARD' end)::text,
             case when n % 10 < 9 then '2567' || lpad(((n::bigint * 7919) % 100000000)::text, 8, '0') end,
             case when n % 10 = 9 then '4242' end,
             case when n % 100000 = 7 then 'Zziwa Rarename'
                  else (${sql.val(FIRST)}::text[])[1 + n % 10] || ' ' || (${sql.val(LAST)}::text[])[1 + (n / 10) % 10] end,
             '[]'::jsonb,
             case when n % 20 = 0 then 'failed' when n % 50 = 1 then 'pending' else 'successful' end,
             'SNTB' || n, 'simulator', now() + interval '1 day',
             case when n % 4 = 0 then 'REF-' || n end,
             now() - n * interval '30 seconds', now()
      from generate_series(1, ${COLLECTIONS}) n`.execute(db);
    await sql`vacuum analyze`.execute(db);
    console.log(`seeded ${COLLECTIONS.toLocaleString()} collections in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    const sample = await sql<{ msisdn: string; day: string }>`
      select msisdn, to_char(created_at at time zone 'Africa/Kampala' - interval '3 days', 'YYYY-MM-DD') as day
      from collections where account_id = ${accountId} and msisdn is not null order by created_at desc offset ${sized(5000, 500)} limit 1`.execute(
      db,
    );
    const { msisdn, day } = sample.rows[0]!;
    const local = `0${msisdn.slice(3, 6)} ${msisdn.slice(6, 9)} ${msisdn.slice(9)}`;
    const cases: [string, string][] = [
      ['no filter (the counter table)', ''],
      ['status=failed (5%)', 'status=failed'],
      ['status=pending (2%)', 'status=pending'],
      ['channel=CARD (10%)', 'channel=CARD'],
      ['link (one of 50)', 'link=findbench17'],
      ['link unknown', 'link=nosuchlink'],
      ['one Kampala day', `from=${day}&to=${day}`],
      [`phone '${local}'`, `q=${encodeURIComponent(local)}`],
      ['name, common (okello, 10%)', 'q=okello'],
      ['name, rare (rarename, 10 rows)', 'q=rarename'],
      ['name, absent', 'q=nobodyhere'],
      ['transaction ID', 'q=SNTB123456'],
      ['reference', 'q=REF-400000'],
      ['combination', `status=successful&channel=MTN_UG&from=${day}&to=${day}&q=okello`],
      ['combination, link and pending', 'status=pending&link=findbench17'],
    ];
    const headers = bearer(user.accessToken);
    console.log(`| Filter | p50 ms | p99 ms | totalItems |\n| --- | ---: | ---: | ---: |`);
    for (const [label, query] of cases) {
      const url = `/api/collections${query ? `?${query}` : ''}`;
      let totalItems = 0;
      const times: number[] = [];
      for (let i = 0; i < WARM_UP + SAMPLES; i++) {
        const begun = performance.now();
        const res = await t.app.inject({ method: 'GET', url, headers });
        const took = performance.now() - begun;
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
        if (i >= WARM_UP) times.push(took);
        else totalItems = res.json().data.totalItems;
      }
      times.sort((a, b) => a - b);
      const p99 = percentile(times, 99);
      const line = `| ${label} | ${percentile(times, 50).toFixed(1)} | ${p99.toFixed(1)}${p99 < GOAL_P99_MS ? '' : ' (over)'} | ${totalItems} |`;
      console.log(line);
    }
    await printLedgerVerified(t.app.services);
  } finally {
    await t.close();
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
