import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMerchant } from './support/accounts.ts';
import { type RunningServer, runOps, startServer } from './support/server.ts';

async function profile(server: RunningServer, accessToken: string) {
  const response = await fetch(`${server.url}/api/user/profile`, { headers: { authorization: `Bearer ${accessToken}` } });
  return (await response.json()) as { data: { current_account: { is_approved: boolean } } };
}

describe('the server process and the operator command', () => {
  const email = `owner.${Date.now()}@example.com`;
  let dataDir = '';
  let tokens: { accessToken: string };

  afterAll(() => {
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops cleanly on SIGTERM and forgets its operator address', async () => {
    const server = await startServer();
    dataDir = server.dataDir;
    tokens = await createMerchant(server, email, 'Sente#2026', 'Owner Shop');
    expect(fs.existsSync(path.join(dataDir, 'server.json'))).toBe(true);
    expect(await server.stop({ keepData: true })).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.json'))).toBe(false);
  });

  it('approves an account with no server running, straight on the embedded database', async () => {
    const result = await runOps(dataDir, 'accounts:approve', email);
    expect(result.output).toContain('approved Owner Shop');
    expect(result.code).toBe(0);
  });

  it('keeps the data across a restart, and answers a clear error for an unknown account', async () => {
    const server = await startServer({}, dataDir);
    try {
      expect((await profile(server, tokens.accessToken)).data.current_account.is_approved).toBe(true);
      const unknown = await server.ops('accounts:approve', 'nobody@example.com');
      expect(unknown.code).toBe(1);
      expect(unknown.output).toContain('No account found for nobody@example.com');
    } finally {
      await server.stop({ keepData: true });
    }
  });

  it('refuses to start with a wrong setting, naming it', async () => {
    await expect(startServer({ PORT: 'eighty' })).rejects.toThrow(/exited with 1/);
  });
});
