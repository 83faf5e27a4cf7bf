// Authenticated GET /api/payment-link at 100,000 links on one account, beside a bare Fastify route, in the same run.
// The server runs in its own process as `npm start` runs it (the compiled bundle of scripts/build-api.mjs under plain
// node, NODE_ENV=production, stdout to a file, LOG_LEVEL as given, else its default); the bare route is a tiny Fastify
// app in another process (bench/clients/bare.mjs); autocannon runs in a third, at 50 connections, against each in turn
// for BENCH_ROUNDS rounds (default 3) of BENCH_SECONDS (default 10). The server's settings are printed (the read class's
// per-member limit lifted: the bench measures the route, not the limit). BENCH_SMOKE=1: 1,000 links, 5 connections,
// one round of 50 requests instead of seconds (a load of seconds would keep both cores busy), the list served by the
// seeding app itself listening in this process (its CPU is then this process's: the compiled server's start costs more
// CPU than the rest of the smoke run, and `npm start`'s is proven by scripts/start.test.ts), for bench/smoke.test.ts.
// Prints each round's requests/s and p99 of both, their ratio and the CPU each request cost (the serving Node process,
// and PostgreSQL's backends), then the median and range of the rounds, then the time of the first and of the 50th
// page (reached by following nextCursor) one request at a time. Runs on embedded PGlite, or on PostgreSQL with
// TEST_DB=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test. BENCH_SERVER_ARGS adds Node options to
// the server's command line (`--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it).
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { adminQuery, databaseUrl } from '../apps/api/src/testing/database-template.ts';
import { bearer, createAccount, createSignedInUser } from '../apps/api/src/testing/users.ts';
import { cpuSeconds, createBenchDatabase, listenInProcess, median, openSeedingApp, waitForFile } from './server.ts';
import { BENCH_SUPPORT_CONTACTS, OWN_RATE_COUNTS, printSettings, SMOKE, sized, UNLIMITED } from './settings.ts';

const LINKS = sized(100_000, 1_000);
const CONNECTIONS = sized(50, 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? sized(3, 1));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = sized(3, 0);
/** How long each load lasts: autocannon's seconds, or its number of requests. */
const measuredLoad = (seconds: number) =>
  sized({ args: ['-d', String(seconds)], label: `${seconds} s` }, { args: ['-a', '50'], label: '50 requests' });
const PAGE_SAMPLES = sized(200, 5);
/** The page timed beside the first, reached by following nextCursor (the smoke run's 1,000 links fill 50 pages too). */
const FAR_PAGE = 50;
const root = path.resolve(import.meta.dirname, '..');
const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

function startNode(args: string[], env: NodeJS.ProcessEnv, stdout: 'pipe' | number): ChildProcess {
  return spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', stdout, 'inherit'] });
}

/** The Node options scripts/start.mjs gives the server (decision 028). */
const SERVER_NODE_OPTIONS = ['--enable-source-maps', '--heap-growing-percent=50'];

async function firstLine(child: ChildProcess): Promise<string> {
  for await (const chunk of child.stdout!) return String(chunk).trim();
  throw new Error('the child ended before it said anything');
}

type Load = { requestsPerSecond: number; p50: number; p99: number; timeouts: number; requests: number };

/**
 * autocannon in its own process, so its CPU is not the server's. An answer other than a 2xx, or a broken connection,
 * fails the run; requests still unanswered after autocannon's 10 s are counted (a slow server's, not a wrong one's).
 */
function cannon(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const args = [autocannonCli, '-c', String(CONNECTIONS), ...measuredLoad(seconds).args, '-n', '--json', ...headerArgs, url];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) return reject(error);
      const result = JSON.parse(stdout);
      const failed = result.non2xx + result.errors - result.timeouts;
      if (failed > 0) return reject(new Error(`${url}: ${failed} of ${result.requests.sent} requests failed`));
      resolve({
        requestsPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        timeouts: result.timeouts,
        requests: result.requests.total,
      });
    });
  });
}

type Measured = Load & { nodeMicros: number; postgresMicros: number };

/**
 * A load, and the CPU it cost per request in the process serving it and in PostgreSQL's backends of the bench database.
 * On a shared machine CPU per request moves much less than requests/s when other work competes for the cores.
 */
async function measure(
  url: string,
  headers: Record<string, string>,
  nodePid: number,
  backends: () => Promise<number[]>,
): Promise<Measured> {
  const before = cpuSeconds([nodePid, ...(await backends())]);
  const load = await cannon(url, headers, SECONDS);
  const after = cpuSeconds([nodePid, ...(await backends())]);
  const spent = (pids: number[]) => pids.reduce((sum, pid) => sum + (after.get(pid) ?? 0) - (before.get(pid) ?? 0), 0);
  const backendPids = [...after.keys()].filter((pid) => pid !== nodePid);
  return {
    ...load,
    nodeMicros: (spent([nodePid]) * 1e6) / load.requests,
    postgresMicros: (spent(backendPids) * 1e6) / load.requests,
  };
}

const range = (values: number[], digits = 0) => `${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}`;
const summary = (values: number[], digits = 0) => `${median(values).toFixed(digits)} (${range(values, digits)})`;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sente-bench-lists-'));
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const postgresName = process.env.TEST_DB === 'postgres' ? `sente_bench_lists_${randomBytes(4).toString('hex')}` : null;
  if (postgresName) await createBenchDatabase(adminUrl, postgresName);
  const admin = postgresName ? new pg.Client({ connectionString: adminUrl }) : null;
  await admin?.connect();
  const backends = async () =>
    admin
      ? (await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [postgresName])).rows.map(
          (row) => row.pid,
        )
      : [];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    ...BENCH_SUPPORT_CONTACTS,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    TRUST_PROXY: 'false',
    PUBLIC_URL: 'http://127.0.0.1',
    // The bench measures the route, not the read class's per-member limit (600 a minute, decision 045).
    READ_RATE_LIMIT_PER_MINUTE: UNLIMITED,
    ...OWN_RATE_COUNTS,
    APP_SECRET: randomBytes(32).toString('hex'),
    ...(postgresName ? { DATABASE_URL: databaseUrl(adminUrl, postgresName) } : {}),
  };
  const children: ChildProcess[] = [];
  /** The smoke run's server: the seeding app, closed at the end. */
  let inProcess: Awaited<ReturnType<typeof openSeedingApp>> | null = null;
  try {
    // Seeding: the app in this process on the server's database and secrets, so the tokens it signs are the server's.
    const t = await openSeedingApp(env);
    const user = await createSignedInUser(t);
    const accountId = await createAccount(t, user.accessToken, 'Bench shop');
    const started = Date.now();
    await sql`
      insert into links (account_id, kind, ref, title, amount, created_by, created_at)
      select ${accountId}, 'payment_link', 'bench' || n, 'Link ' || n, 1000 + n, ${user.userId},
             now() - (n || ' seconds')::interval
      from generate_series(1, ${LINKS}) as n`.execute(t.database.db);
    await sql`analyze`.execute(t.database.db);
    console.log(
      `seeded ${LINKS.toLocaleString()} links in ${((Date.now() - started) / 1000).toFixed(1)} s (${t.database.description})`,
    );
    let serverPid = process.pid;
    let port: number;
    if (SMOKE) {
      inProcess = t;
      port = await listenInProcess(t);
    } else {
      await t.close();
      execFileSync(process.execPath, [path.join(root, 'scripts/build-api.mjs'), '--if-stale'], { stdio: 'inherit' });
      const serverArgs = process.env.BENCH_SERVER_ARGS?.split(' ').filter(Boolean) ?? [];
      const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
      const server = startNode([...SERVER_NODE_OPTIONS, ...serverArgs, 'apps/api/dist/server.js'], env, log);
      children.push(server);
      serverPid = server.pid!;
      ({ port } = JSON.parse(await waitForFile(t.infoFile, server)) as { port: number });
    }
    const bare = startNode([path.join(root, 'bench/clients/bare.mjs')], { ...process.env }, 'pipe');
    children.push(bare);
    const bareUrl = `${await firstLine(bare)}/bare`;
    const listUrl = `http://127.0.0.1:${port}/api/payment-link`;
    const headers = bearer(user.accessToken);
    printSettings({
      ...(SMOKE ? { server: 'in-process' } : {}),
      NODE_ENV: env.NODE_ENV,
      // The seeding app logs nothing (openSeedingApp); the server logs at LOG_LEVEL.
      LOG_LEVEL: SMOKE ? 'silent' : (env.LOG_LEVEL ?? 'info'),
      READ_RATE_LIMIT_PER_MINUTE: env.READ_RATE_LIMIT_PER_MINUTE,
      REDIS_URL: env.REDIS_URL,
      database: postgresName ? 'PostgreSQL' : 'PGlite',
    });
    console.log(
      `autocannon: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${measuredLoad(SECONDS).label} after ${WARM_UP_SECONDS} s of warm-up each`,
    );

    if (WARM_UP_SECONDS > 0) {
      await cannon(bareUrl, {}, WARM_UP_SECONDS);
      await cannon(listUrl, headers, WARM_UP_SECONDS);
    }
    const rounds: { bare: Measured; list: Measured }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const bareLoad = await measure(bareUrl, {}, bare.pid!, async () => []);
      const listLoad = await measure(listUrl, headers, serverPid, backends);
      rounds.push({ bare: bareLoad, list: listLoad });
      const postgresCpu = postgresName ? ` + PostgreSQL ${listLoad.postgresMicros.toFixed(0)} µs` : '';
      console.log(
        `round ${round}: bare route ${bareLoad.requestsPerSecond.toFixed(0)} req/s (p99 ${bareLoad.p99} ms, ` +
          `Node ${bareLoad.nodeMicros.toFixed(0)} µs/request); payment-link list ${listLoad.requestsPerSecond.toFixed(0)} req/s ` +
          `(p50 ${listLoad.p50} ms, p99 ${listLoad.p99} ms, Node ${listLoad.nodeMicros.toFixed(0)} µs${postgresCpu}/request); ` +
          `ratio ${(listLoad.requestsPerSecond / bareLoad.requestsPerSecond).toFixed(3)}` +
          (listLoad.timeouts > 0 ? `; ${listLoad.timeouts} list requests unanswered after 10 s` : ''),
      );
    }
    const of = (side: 'bare' | 'list', key: keyof Measured) => rounds.map((round) => round[side][key]);
    console.log(
      `median (range) of ${ROUNDS}: bare ${summary(of('bare', 'requestsPerSecond'))} req/s, list ` +
        `${summary(of('list', 'requestsPerSecond'))} req/s, ratio ` +
        `${summary(
          rounds.map(({ bare, list }) => list.requestsPerSecond / bare.requestsPerSecond),
          3,
        )}, list p99 ${summary(of('list', 'p99'))} ms, bare p99 ${summary(of('bare', 'p99'))} ms; CPU per list request: ` +
        `Node ${summary(of('list', 'nodeMicros'))} µs${postgresName ? `, PostgreSQL ${summary(of('list', 'postgresMicros'))} µs` : ''}` +
        `; per bare request: Node ${summary(of('bare', 'nodeMicros'))} µs`,
    );

    const get = async (cursor: string | null) => {
      const url = cursor ? `${listUrl}?cursor=${encodeURIComponent(cursor)}` : listUrl;
      const response = await fetch(url, { headers });
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
      return ((await response.json()) as { data: { nextCursor: string | null } }).data;
    };
    let cursor: string | null = null;
    for (let page = 1; page < FAR_PAGE; page++) cursor = (await get(cursor)).nextCursor;
    if (!cursor) throw new Error(`no page ${FAR_PAGE} of ${LINKS} links`);
    const farCursor = cursor;
    const time = async (pageCursor: string | null) => {
      const samples: number[] = [];
      for (let i = 0; i < PAGE_SAMPLES; i++) {
        const start = process.hrtime.bigint();
        await get(pageCursor);
        samples.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
      samples.sort((a, b) => a - b);
      const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.toFixed(2);
      return `median ${at(0.5)} ms, p99 ${at(0.99)} ms`;
    };
    console.log(`page 1:  ${await time(null)}  (${PAGE_SAMPLES} requests, one at a time)`);
    console.log(`page ${FAR_PAGE}: ${await time(farCursor)}  (${PAGE_SAMPLES} requests, one at a time)`);
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) => (child.exitCode === null ? new Promise((done) => child.once('exit', done)) : null)),
    );
    await inProcess?.close();
    await admin?.end();
    if (postgresName) await adminQuery(adminUrl, `drop database if exists ${postgresName} with (force)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
