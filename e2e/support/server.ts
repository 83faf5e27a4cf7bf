import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { DatabaseTemplate } from '../../apps/api/src/testing/database-template.ts';
import { lastCode } from '../../apps/api/src/testing/outbox.ts';

const root = path.resolve(import.meta.dirname, '../..');

export type RunningServer = {
  url: string;
  dataDir: string;
  /** The newest one-time code e-mailed to this address (read from the outbox .eml files). */
  codeFor: (email: string, subject?: string) => string;
  /** Runs the operator script (`npm run ops -- ...`) against this server's DATA_DIR, as an operator would. */
  ops: (...args: string[]) => Promise<{ code: number; output: string }>;
  /** SIGTERM, as a process manager would send; the server drains and closes the database. */
  stop: (options?: { keepData?: boolean }) => Promise<number | null>;
};

declare module 'vitest' {
  export interface ProvidedContext {
    sharedServer: { url: string; dataDir: string };
  }
}

/**
 * Starts the real server (`apps/api/src/server.ts`, compiled to apps/api/dist/server.js by the global setup, as
 * `npm start` runs it) on the embedded database in a fresh DATA_DIR.
 */
export async function startServer(
  env: Record<string, string> = {},
  existingDataDir?: string,
  template: DatabaseTemplate = inject('databaseTemplate'),
): Promise<RunningServer> {
  const dataDir = existingDataDir ?? freshDataDir(template);
  // The port is chosen first so PUBLIC_URL ({site} of the spec) is the address the browser uses.
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      SMTP_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Hashes at 2^10 instead of 2^15: a sign-in or PIN check costs 3 ms instead of 135 ms in the journeys.
      PASSWORD_HASH_COST: '10',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const infoFile = path.join(dataDir, 'server.json');
  const deadline = Date.now() + 60_000;
  while (!fs.existsSync(infoFile)) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    dataDir,
    codeFor: (email, subject) => lastCode(path.join(dataDir, 'outbox'), email, subject),
    ops: (...args) => runOps(dataDir, ...args),
    stop: async (options) => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options?.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
      return child.exitCode;
    },
  };
}

/**
 * A server on a fresh DATA_DIR that `npm run seed:demo` filled first (`collections` of them): the seed opens the
 * embedded database itself, which a running server would hold, so it runs before the server starts, with the same
 * settings. `seeded` is the seed's output.
 */
export async function startDemoServer(
  collections: string,
  env: Record<string, string> = {},
): Promise<RunningServer & { seeded: string }> {
  const dataDir = freshDataDir(inject('databaseTemplate'));
  // Its mail (the payers' receipts) goes to DATA_DIR/outbox, not to a receiver the journey reads.
  const seed = await runScript(
    'scripts/run-seed-demo.mjs',
    { PASSWORD_HASH_COST: '10', ...env, SMTP_URL: '', DATA_DIR: dataDir },
    [collections],
  );
  if (seed.code !== 0) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`seed:demo failed: ${seed.output}`);
  }
  return { ...(await startServer(env, dataDir)), seeded: seed.output };
}

/**
 * The server the run's global setup started for the journeys that need no settings of their own: each makes
 * its own merchant on it, so they share one server instead of each starting one. Stopping it is the global
 * setup's job, so its `stop` does nothing.
 */
export function sharedServer(): RunningServer {
  const { url, dataDir } = inject('sharedServer');
  return {
    url,
    dataDir,
    codeFor: (email, subject) => lastCode(path.join(dataDir, 'outbox'), email, subject),
    ops: (...args) => runOps(dataDir, ...args),
    stop: async () => null,
  };
}

/**
 * Runs the operator script on this DATA_DIR as `npm run ops -- ...` does (through its running server, or straight on
 * its database), in one process instead of npm's and the script's two.
 */
export function runOps(dataDir: string, ...args: string[]): Promise<{ code: number; output: string }> {
  return runScript('scripts/run-ops.mjs', { DATA_DIR: dataDir }, args);
}

/** One of the repository's scripts on the embedded database, with these settings, and its output. */
function runScript(script: string, env: Record<string, string>, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const ops = spawn(process.execPath, [path.join(root, script), ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', ...env },
    });
    let output = '';
    ops.stdout.on('data', (chunk) => (output += chunk));
    ops.stderr.on('data', (chunk) => (output += chunk));
    ops.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

/**
 * A new DATA_DIR whose embedded database is a copy of the run's migrated template (global setup), so the
 * server's own migration finds nothing to do. apps/api/src/server.ts keeps that database in DATA_DIR/db.
 */
function freshDataDir(template: DatabaseTemplate): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sente-e2e-'));
  if (template.kind === 'pglite') {
    fs.mkdirSync(path.join(dataDir, 'db'));
    // The tarball is PGlite's dump of its data directory, which is PostgreSQL's own layout.
    execFileSync('tar', ['-xf', template.tarball, '-C', path.join(dataDir, 'db')]);
  }
  return dataDir;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
