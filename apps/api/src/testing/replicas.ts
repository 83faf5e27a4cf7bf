import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');

/** One server process: where it answers, the process, its DATA_DIR and what it has logged so far. */
export type Replica = { url: string; child: ChildProcess; dataDir: string; log: () => string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The server as production runs it (the compiled apps/api/dist/server.js, which the API projects' global setup builds
 * when stale: a start costs about 2 s of CPU, where tsx compiling the sources took 5), on `databaseUrl`, on a free
 * port, with its own DATA_DIR: another replica behind a load balancer. `appSecret` is shared with the test app, so the sessions and API keys it makes are
 * good on every replica; `env` adds to or overrides the settings below (no limits in the way, warnings logged).
 * The process is pushed onto `children` as soon as it is spawned, so a failed start is still stopped.
 */
export async function startReplica(
  databaseUrl: string,
  appSecret: string,
  children: ChildProcess[],
  env: Record<string, string> = {},
): Promise<Replica> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sente-replica-process-'));
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      // Beside the other test files' databases, on a server with 100 connections in all.
      DATABASE_POOL_SIZE: '8',
      APP_SECRET: appSecret,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      PASSWORD_HASH_COST: '10',
      WEBHOOK_WORKER_INTERVAL_MS: '0',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      PIN_RATE_LIMIT_PER_MINUTE: '100000',
      PAY_RATE_LIMIT_PER_MINUTE: '100000',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
      SHORTEN_RATE_LIMIT_PER_MINUTE: '100000',
      V1_RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
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
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const hung = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(hung);
}

/** SIGKILL, as a crash or the OOM killer would end it: no drain, no goodbye; answers once the process is gone. */
export async function killProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

/** The lines a server logged at level error or worse (pino's JSON lines: 50 and up). */
export const errorLines = (log: string) =>
  log.split('\n').filter((line) => {
    try {
      return (JSON.parse(line) as { level?: number }).level! >= 50;
    } catch {
      return false;
    }
  });
