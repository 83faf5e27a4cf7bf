/**
 * `npm run seed:demo` as a process: refused in production, and on an embedded database a running server holds, each
 * with a message and exit code 1, before anything is written. The seeding itself is tested in-process
 * (apps/api/src/modules/demo/seed.test.ts).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_USER } from '../apps/api/src/modules/demo/demo-data.ts';

const root = path.resolve(import.meta.dirname, '..');
const dataDirs: string[] = [];
afterEach(() => {
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function freshDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sente-seed-demo-'));
  dataDirs.push(dir);
  return dir;
}

/** The script from its TypeScript source (tsx), as its bundle runs it, with these settings over a development shell's. */
function seedDemo(env: Record<string, string>, ...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/seed-demo.ts'), ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', NODE_ENV: 'development', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('npm run seed:demo', () => {
  it('refuses to run in production: a message, exit code 1, no password printed and nothing written', async () => {
    const dataDir = freshDataDir();
    const { code, output } = await seedDemo({ NODE_ENV: 'production', DATA_DIR: dataDir }, '10');
    expect(code).toBe(1);
    expect(output).toContain('seed:demo refuses to run in production (NODE_ENV=production)');
    expect(output).not.toContain(DEMO_USER.password);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 120_000);

  it('refuses an embedded database that a running server holds, and names it', async () => {
    const dataDir = freshDataDir();
    const server = http.createServer((_request, response) => response.writeHead(200).end('{}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      fs.writeFileSync(path.join(dataDir, 'server.json'), JSON.stringify({ port }));
      const { code, output } = await seedDemo({ DATA_DIR: dataDir }, '10');
      expect(code).toBe(1);
      expect(output).toContain(`A server is running on DATA_DIR ${dataDir} (port ${port})`);
      expect(output).not.toContain(DEMO_USER.password);
      expect(fs.readdirSync(dataDir)).toEqual(['server.json']);
    } finally {
      server.close();
    }
  }, 120_000);
});
