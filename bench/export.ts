// Seeds 200,000 collections on one account, then downloads GET /api/collections/download over real HTTP and prints
// rows/s and the server's memory while it streams the xlsx. Three processes, so each is measured alone:
// - the server, started as `npm start` runs it: the compiled bundle (scripts/build-api.mjs) under plain `node`;
// - the client, a `node` of its own that reads the download into a file and times it;
// - this script, which seeds, samples the server's RSS from /proc (Linux) and reads the file back at the end.
// Target (decision 028): at least 20,000 rows/s, and the server's peak RSS under 200 MB.
// Runs on PostgreSQL only: the embedded PGlite lives inside the server process and would be most of its memory. In a
// database of its own created next to BENCH_DATABASE_URL (default: the test server,
// postgres://postgres@127.0.0.1:5432/test) and dropped at the end:
//   npx tsx bench/export.ts            (BENCH_ROWS=50000 for a quicker run)
// BENCH_SMOKE=1: 2,000 rows, for bench/smoke.test.ts, served by the seeding app itself listening in this process (its
// CPU and memory are then this process's): the compiled server's start costs more CPU than the rest of the smoke run, and
// `npm start`'s is proven by scripts/start.test.ts. The server's settings (the read class's limit among them) are
// printed; the run ends with the ledger verified.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { BENCH_SUPPORT_CONTACTS, printSettings, SMOKE, sized, UNLIMITED } from './settings.ts';

process.env.TEST_DB = 'postgres';
process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const { createTestApp } = await import('../apps/api/src/testing/test-app.ts');
const { createAccount, createSignedInUser } = await import('../apps/api/src/testing/users.ts');
const { cpuSeconds, listenInProcess, printLedgerVerified, waitForFile } = await import('./server.ts');

const ROWS = Number(process.env.BENCH_ROWS ?? sized(200_000, 2_000));
const MB = 1024 * 1024;
const root = path.resolve(import.meta.dirname, '..');
const bundle = path.join(root, 'apps/api/dist/server.js');
/** The seeding app and the server share it, so the server accepts the seeding app's access token. */
const APP_SECRET = randomBytes(32).toString('base64url');

/** The client: one request, the body written to a file; prints the seconds from request to last byte. */
const CLIENT = `
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
const started = process.hrtime.bigint();
const response = await fetch(process.env.URL, { headers: { authorization: 'Bearer ' + process.env.TOKEN } });
if (!response.ok || !response.body) throw new Error('download answered ' + response.status);
await pipeline(Readable.fromWeb(response.body), fs.createWriteStream(process.env.FILE));
console.log(JSON.stringify({ seconds: Number(process.hrtime.bigint() - started) / 1e9 }));
`;

/** From /proc/<pid>/status: the resident set now and its high-water mark since the process started, in bytes. */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** The server's CPU seconds so far; it must still be running. */
function serverCpuSeconds(pid: number): number {
  const used = cpuSeconds([pid]).get(pid);
  if (used === undefined) throw new Error(`the server (pid ${pid}) is gone`);
  return used;
}

function run(args: string[], env: Record<string, string>): { child: ChildProcess; output: Promise<string> } {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const output = new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk) => (text += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
  return { child, output };
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

/** The compiled server with the options scripts/start.mjs gives it, in a process of its own: its pid and port. */
async function startServer(settings: Record<string, string>): Promise<{ pid: number; port: number }> {
  const started = run(['--enable-source-maps', '--heap-growing-percent=50', bundle], settings);
  server = started.child;
  started.output.catch(() => undefined);
  return JSON.parse(await waitForFile(path.join(settings.DATA_DIR!, 'server.json'), server, 30_000));
}

/** The smoke run's server: the seeding app listening in this process. */
async function listenHere(): Promise<{ pid: number; port: number }> {
  return { pid: process.pid, port: await listenInProcess(t) };
}

if (!SMOKE) execFileSync(process.execPath, [path.join(root, 'scripts/build-api.mjs'), '--if-stale'], { stdio: 'inherit' });

const t = await createTestApp({ APP_SECRET, PAYMENT_WORKER_INTERVAL_MS: '0', READ_RATE_LIMIT_PER_MINUTE: UNLIMITED });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sente-bench-export-'));
const file = path.join(dataDir, 'export.xlsx');
let server: ChildProcess | undefined;
try {
  const user = await createSignedInUser(t);
  const accountId = await createAccount(t, user.accessToken, 'Bench school');
  const seeded = Date.now();
  // Pending ones expire tomorrow, so no payment worker anywhere has them to settle meanwhile.
  await sql`
    insert into collections (account_id, environment, amount, fee, channel, msisdn, card_last4, names, email,
                             extra_data, status, transaction_id, provider, expires_at, created_at)
    select ${accountId}, 'test', 1000 + (n % 500) * 100, (1000 + (n % 500) * 100) * 3 / 100,
           (array['MTN_UG', 'AIRTEL', 'CARD'])[1 + n % 3],
           case when n % 3 = 2 then null else '25677' || lpad((n % 10000000)::text, 7, '0') end,
           case when n % 3 = 2 then '4242' end,
           'Payer ' || n, case when n % 4 = 0 then 'payer' || n || '@example.com' end,
           jsonb_build_array(jsonb_build_object('label', 'Student', 'value', 'Pupil ' || n)),
           (array['successful', 'successful', 'successful', 'failed', 'pending'])[1 + n % 5],
           'SNTBENCH' || lpad(n::text, 7, '0'), 'simulator', now() + interval '1 day', now() - (n || ' seconds')::interval
    from generate_series(1, ${ROWS}) as n`.execute(t.database.db);
  await sql`analyze collections`.execute(t.database.db);
  console.log(
    `seeded ${ROWS.toLocaleString()} collections in ${((Date.now() - seeded) / 1000).toFixed(1)} s (${t.database.description})`,
  );

  const settings = {
    NODE_ENV: 'production',
    ...BENCH_SUPPORT_CONTACTS,
    DATABASE_URL: t.database.target.kind === 'postgres' ? t.database.target.url : '',
    APP_SECRET,
    TRUST_PROXY: 'false',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
    REDIS_URL: '',
    PAYMENT_WORKER_INTERVAL_MS: '0',
    WEBHOOK_WORKER_INTERVAL_MS: '0',
    // One download is one request of the read class; its limit is given, not left to the default.
    READ_RATE_LIMIT_PER_MINUTE: UNLIMITED,
  };
  printSettings(
    SMOKE
      ? { server: 'in-process', NODE_ENV: 'test', READ_RATE_LIMIT_PER_MINUTE: UNLIMITED }
      : { ...settings, DATABASE_URL: undefined, APP_SECRET: undefined },
  );
  const { pid, port } = SMOKE ? await listenHere() : await startServer(settings);
  // Settled after start-up (one request answered, a moment for the collector) before the baseline is taken; the smoke
  // run measures no memory worth the wait.
  await fetch(`http://127.0.0.1:${port}/health`);
  if (!SMOKE) await new Promise((resolve) => setTimeout(resolve, 2000));
  const idle = memoryOf(pid);
  let peakRss = idle.rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, memoryOf(pid).rss);
  }, 20);
  const cpuBefore = serverCpuSeconds(pid);

  const client = run(['--input-type=module', '-e', CLIENT], {
    URL: `http://127.0.0.1:${port}/api/collections/download`,
    TOKEN: user.accessToken,
    FILE: file,
  });
  const { seconds } = JSON.parse(await client.output) as { seconds: number };
  clearInterval(sampler);
  const serverCpu = serverCpuSeconds(pid) - cpuBefore;
  const after = memoryOf(pid);

  console.log(
    `exported ${ROWS.toLocaleString()} rows in ${seconds.toFixed(1)} s: ${Math.round(ROWS / seconds).toLocaleString()} rows/s, ` +
      `${(fs.statSync(file).size / MB).toFixed(1)} MB of xlsx; server CPU ${serverCpu.toFixed(1)} s ` +
      `(${((serverCpu / ROWS) * 1e6).toFixed(1)} µs a row)`,
  );
  console.log(
    `server process alone: RSS idle ${mb(idle.rss)}, peak while exporting ${mb(peakRss)} (sampled every 20 ms), ` +
      `high-water mark since start ${mb(after.hwm)}`,
  );

  let dataRows = 0;
  for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(file, {})) {
    for await (const row of sheet) if (row.number > 1) dataRows += 1;
  }
  console.log(`read back ${dataRows.toLocaleString()} data rows`);
  if (dataRows !== ROWS) process.exitCode = 1;
  await printLedgerVerified(t.app.services);
} finally {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  await t.close();
}
