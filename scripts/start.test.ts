/**
 * `npm start` under a process manager. A signal to any process of it (npm, the start script) stops the
 * server, and nothing is left holding the port. Each case starts the real `npm start` on a free port, with a copy
 * of the migrated test database and a stand-in web build (WEB_DIST_DIR), so it builds nothing.
 * With NPM_START_NODE (a node binary) `npm start` runs on that Node: .ci/run runs the suite on Node 24 and these cases
 * on the machine's own Node 20, the oldest the README promises.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pgliteTemplateTarball } from '../apps/api/src/testing/database-template.ts';

const root = path.resolve(import.meta.dirname, '..');
const startNode = fs.realpathSync(process.env.NPM_START_NODE || process.execPath);
let tarball: string;
beforeAll(async () => {
  tarball = await pgliteTemplateTarball();
}, 60_000);

type Started = { npm: ChildProcess; port: number; dataDir: string; startPid: number; serverPid: number };
const started: Started[] = [];

afterEach(() => {
  // A failed case must not leave its processes behind for the next one.
  for (const { npm, startPid, serverPid, dataDir } of started.splice(0)) {
    for (const pid of [serverPid, startPid, npm.pid!]) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

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

/** True when something could listen on the port again. */
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** Alive and not a zombie waiting for a parent that no longer reaps it. */
function isRunning(pid: number): boolean {
  try {
    const state = execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).trim();
    return state !== '' && !state.startsWith('Z');
  } catch {
    return false;
  }
}

const parentOf = (pid: number) => Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' }).trim());

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function npmStart(): Promise<Started> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sente-start-'));
  fs.mkdirSync(path.join(dataDir, 'db'));
  execFileSync('tar', ['-xf', tarball, '-C', path.join(dataDir, 'db')], { stdio: 'ignore' });
  fs.mkdirSync(path.join(dataDir, 'web'));
  fs.writeFileSync(path.join(dataDir, 'web/index.html'), '<!doctype html><title>Sente</title>');
  const port = await freePort();
  const npm = spawn('npm', ['start'], {
    cwd: root,
    env: {
      ...process.env,
      PATH: `${path.dirname(startNode)}${path.delimiter}${process.env.PATH}`,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'web'),
      DATABASE_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const infoFile = path.join(dataDir, 'server.json');
  await until(() => fs.existsSync(infoFile) || npm.exitCode !== null, 'the server to start', 90_000);
  expect(npm.exitCode).toBeNull();
  const serverPid = JSON.parse(fs.readFileSync(infoFile, 'utf8')).pid as number;
  const startPid = parentOf(serverPid);
  const run = { npm, port, dataDir, startPid, serverPid };
  started.push(run);
  // npm runs the start script itself (no shell between them), and the script runs the server, on the Node asked for.
  expect(parentOf(startPid)).toBe(npm.pid);
  expect(fs.realpathSync(`/proc/${serverPid}/exe`)).toBe(startNode);
  expect(await portIsFree(port)).toBe(false);
  return run;
}

async function expectAllStopped({ npm, port, startPid, serverPid, dataDir }: Started): Promise<void> {
  await until(() => !isRunning(serverPid) && !isRunning(startPid) && !isRunning(npm.pid!), 'every process to exit', 20_000);
  expect(await portIsFree(port)).toBe(true);
  // The server stopped through its own shutdown (it removes server.json), not killed half-way.
  expect(fs.existsSync(path.join(dataDir, 'server.json'))).toBe(false);
}

describe('npm start', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'stops the server when npm gets %s',
    async (signal) => {
      const run = await npmStart();
      run.npm.kill(signal);
      await expectAllStopped(run);
    },
    120_000,
  );

  it('stops the server when the start script is killed outright, which it cannot pass on', async () => {
    const run = await npmStart();
    process.kill(run.startPid, 'SIGKILL');
    await expectAllStopped(run);
  }, 120_000);
});
