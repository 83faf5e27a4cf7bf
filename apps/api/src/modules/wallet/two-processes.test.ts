import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decidePendingSettlements, runMoneyRace, seedRaceMerchants } from '../../testing/money-race.ts';
import type { Merchant } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { bearer } from '../../testing/users.ts';
import { WALLET_ENV } from '../../testing/wallet.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');
/** The same secret in the test app and both servers, so the sessions the test app signs are good on either. */
const APP_SECRET = randomBytes(32).toString('hex');
/** How long the servers' workers get to complete the payouts still pending once the race has sent everything. */
const PAYOUTS_DEADLINE_MS = 60_000;

type Server = { url: string; child: ChildProcess; dataDir: string; log: () => string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `apps/api/src/server.ts` as production runs it, on `databaseUrl`, on a free port. Its worker settles simulated
 * payouts 50 ms after they start and looks for due rows every 100 ms, so two servers' workers race for them.
 */
async function startServer(databaseUrl: string, children: ChildProcess[]): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sente-two-processes-'));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      // Beside the other test files' databases, on a server with 100 connections in all.
      DATABASE_POOL_SIZE: '8',
      APP_SECRET,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_COST: '10',
      PAYMENT_WORKER_INTERVAL_MS: '100',
      SIMULATOR_DELAY_MS: '50',
      WEBHOOK_WORKER_INTERVAL_MS: '0',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      PIN_RATE_LIMIT_PER_MINUTE: '100000',
      PAY_RATE_LIMIT_PER_MINUTE: '100000',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
      SHORTEN_RATE_LIMIT_PER_MINUTE: '100000',
      V1_RATE_LIMIT_PER_MINUTE: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let log = '';
  child.stdout?.on('data', (chunk) => (log += chunk));
  child.stderr?.on('data', (chunk) => (log += chunk));
  // The server writes its port to DATA_DIR/server.json once it listens; then it must answer /health.
  const infoFile = path.join(dataDir, 'server.json');
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${log}`);
    if (Date.now() > deadline) throw new Error(`server did not answer /health within 60 s: ${log}`);
    if (fs.existsSync(infoFile)) {
      const { port } = JSON.parse(fs.readFileSync(infoFile, 'utf8')) as { port: number };
      const url = `http://127.0.0.1:${port}`;
      const health = await fetch(`${url}/health`).catch(() => null);
      if (health?.status === 200) return { url, child, dataDir, log: () => log };
    }
    await sleep(100);
  }
}

/** SIGTERM, as a process manager would send (the server drains and closes its pool); SIGKILL if it hangs. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const hung = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(hung);
}

/** The lines a server logged at level error or worse (pino's JSON lines: 50 and up). */
const errorLines = (log: string) =>
  log.split('\n').filter((line) => {
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 50;
    } catch {
      return false;
    }
  });

// PGlite is one connection in one process: two servers cannot share it, so this runs on PostgreSQL only.
describe.skipIf(testDatabaseKind !== 'postgres')('money out through two server processes on one PostgreSQL', () => {
  let t: TestApp;
  let merchants: Merchant[];
  let servers: Server[];
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    t = await createTestApp({ ...WALLET_ENV, APP_SECRET });
    const { target } = t.database;
    if (target.kind !== 'postgres') throw new Error('two server processes need PostgreSQL');
    // The servers start (mostly compiling TypeScript) while the test app seeds the merchants.
    [merchants, ...servers] = await Promise.all([
      seedRaceMerchants(t),
      startServer(target.url, children),
      startServer(target.url, children),
    ]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(children.map(stopProcess));
    for (const server of servers ?? []) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await t?.close();
  });

  it('2,000 random transfers, settlements and payouts over HTTP to two servers whose workers race for the payouts', async () => {
    const db = t.database.db;
    let sent = 0;
    const payoutsPending = async () => {
      const row = await db
        .selectFrom('transfers')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('kind', '=', 'payout')
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };

    await runMoneyRace(t, merchants, {
      // Over real HTTP, to one server and then the other.
      send: async (from, route, body, headers) => {
        const server = servers[sent++ % servers.length]!;
        const res = await fetch(`${server.url}${route}`, {
          method: 'POST',
          headers: { ...bearer(from.accessToken), 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
        return { status: res.status, message: ((await res.json()) as { message: string }).message };
      },
      // The operator decides settlements through the test app; the payouts are the servers' workers' to complete.
      finishSome: async () => {
        await decidePendingSettlements(t);
        const deadline = Date.now() + PAYOUTS_DEADLINE_MS;
        while ((await payoutsPending()) > 0) {
          if (Date.now() > deadline) throw new Error(`payouts still pending after ${PAYOUTS_DEADLINE_MS} ms`);
          await sleep(25);
        }
      },
    });

    // Every payout was completed exactly once, paid or returned, though both workers looked for it.
    const { rows: payouts } = await sql<{ id: string; status: string; completions: number }>`
      select t.id, t.status, count(l.id)::int as completions
      from transfers t
      left join ledger_transactions l on l.reference_id = t.id and l.kind in ('payout_paid', 'payout_returned')
      where t.kind = 'payout'
      group by t.id, t.status`.execute(db);
    expect(payouts.filter((row) => row.completions !== 1)).toEqual([]);
    expect(payouts.some((row) => row.status === 'successful')).toBe(true);
    expect(payouts.some((row) => row.status === 'rejected')).toBe(true);

    // Neither server logged an error: no failed apply retried behind the race's back.
    for (const server of servers) expect(errorLines(server.log())).toEqual([]);
  }, 300_000);
});
