import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode } from '../testing/outbox.ts';
import { createReplica, createTestApp, type TestApp } from '../testing/test-app.ts';
import { SAMPLES, uploadPath } from '../testing/upload-fixtures.ts';
import {
  bearer,
  challengeFrom,
  createAccount,
  createSignedInUser,
  getProfile,
  type SignedInUser,
  SUBJECTS,
} from '../testing/users.ts';
import { deriveSecrets, loadSecrets } from './secrets.ts';

const APP_SECRET = 'replica-test-app-secret-0123456789abcdef';

describe('loadSecrets', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sente-secrets-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('derives the same six secrets from APP_SECRET in any DATA_DIR, each different, and writes no file', () => {
    const [a, b] = [tempDir(), tempDir()];
    const first = loadSecrets(a, { APP_SECRET });
    expect(loadSecrets(b, { APP_SECRET })).toEqual(first);
    expect(new Set(Object.values(first)).size).toBe(6);
    for (const value of Object.values(first)) {
      expect(value).toMatch(/^[\w-]{43}$/);
      expect(value).not.toContain(APP_SECRET);
    }
    expect(deriveSecrets(`${APP_SECRET}x`).codePepper).not.toBe(first.codePepper);
    expect(fs.existsSync(path.join(a, 'secrets.json'))).toBe(false);
  });

  it('lets JWT_SECRET and OPS_SECRET override their own and nothing else', () => {
    const jwt = 'j'.repeat(40);
    const ops = 'o'.repeat(40);
    const derived = deriveSecrets(APP_SECRET);
    expect(loadSecrets(tempDir(), { APP_SECRET, JWT_SECRET: jwt, OPS_SECRET: ops })).toEqual({
      ...derived,
      jwtSecret: jwt,
      opsSecret: ops,
    });
    const dir = tempDir();
    const generated = loadSecrets(dir);
    expect(loadSecrets(dir, { OPS_SECRET: ops })).toEqual({ ...generated, opsSecret: ops });
  });

  it('without APP_SECRET generates secrets once per DATA_DIR (mode 600) and keeps them', () => {
    const [a, b] = [tempDir(), tempDir()];
    const first = loadSecrets(a);
    expect(loadSecrets(a)).toEqual(first);
    expect(loadSecrets(b).codePepper).not.toBe(first.codePepper);
    expect(fs.statSync(path.join(a, 'secrets.json')).mode & 0o777).toBe(0o600);
  });

  it('keeps the secrets of a secrets.json written before the API-key secrets existed, and adds those', () => {
    const dir = tempDir();
    const file = path.join(dir, 'secrets.json');
    const old = { jwtSecret: 'j'.repeat(64), codePepper: 'c'.repeat(43), opsSecret: 'o'.repeat(43) };
    fs.writeFileSync(file, JSON.stringify(old), { mode: 0o600 });
    const loaded = loadSecrets(dir);
    expect(loaded).toMatchObject(old);
    expect(loaded.keysSecret).toMatch(/^[\w-]{43}$/);
    expect(loaded.keyLookupSecret).toMatch(/^[\w-]{43}$/);
    expect(loaded.keysSecret).not.toBe(loaded.keyLookupSecret);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(loaded);
    expect(loadSecrets(dir)).toEqual(loaded);
  });
});

describe('two replicas with one APP_SECRET and different DATA_DIRs', () => {
  let a: TestApp;
  let b: TestApp;
  let stranger: TestApp;
  let user: SignedInUser;
  let certificatePath: string;
  let storageDir: string;

  beforeAll(async () => {
    // Files are shared as they are on S3 in production; only the secrets source differs between replicas.
    storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sente-shared-storage-'));
    a = await createTestApp({ APP_SECRET, STORAGE_DIR: storageDir });
    b = await createReplica(a, { APP_SECRET, STORAGE_DIR: storageDir });
    // What every replica did before APP_SECRET: secrets generated into its own DATA_DIR.
    stranger = await createReplica(a, { STORAGE_DIR: storageDir });
    user = await createSignedInUser(a);
    await createAccount(a, user.accessToken, 'Replica Shop');
    certificatePath = await uploadPath(a, user.accessToken, { bytes: SAMPLES.pdf, name: 'certificate.pdf' }, 'certificates');
  });
  afterAll(async () => {
    await stranger?.close();
    await b?.close();
    await a?.close();
    fs.rmSync(storageDir, { recursive: true, force: true });
  });

  const refresh = (t: TestApp, refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/refresh-token', payload: { refreshToken } });
  const signedUrl = async (t: TestApp) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/files/signed-url?path=${encodeURIComponent(certificatePath)}`,
      headers: bearer(user.accessToken),
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.url as string;
  };

  it("accept each other's access tokens", async () => {
    const res = await getProfile(b, user.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(user.email);
  });

  it("accept each other's refresh tokens, in turn, on one session", async () => {
    const session = await createSignedInUser(a);
    const onB = await refresh(b, session.refreshToken);
    expect(onB.statusCode).toBe(200);
    const onA = await refresh(a, onB.json().data.refreshToken);
    expect(onA.statusCode).toBe(200);
    expect((await getProfile(b, onA.json().data.accessToken)).json().data.email).toBe(session.email);
  });

  it('accept a sign-in code the other one sent', async () => {
    const login = await b.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { emailOrPhone: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    const code = lastCode(b.outboxDir, user.email, SUBJECTS.login);
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/login-otp',
      payload: { emailOrPhone: user.email, code },
      headers: challengeFrom(login),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe(user.email);
  });

  it("serve a members-only file through the other one's signed URL", async () => {
    for (const [signer, server] of [
      [a, b],
      [b, a],
    ] as const) {
      const res = await server.app.inject({ method: 'GET', url: await signedUrl(signer) });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(SAMPLES.pdf)).toBe(true);
    }
  });

  it('while a replica with secrets of its own DATA_DIR refuses all of them', async () => {
    const session = await createSignedInUser(a);
    expect((await getProfile(stranger, session.accessToken)).statusCode).toBe(401);
    expect((await refresh(stranger, session.refreshToken)).statusCode).toBe(401);
    const res = await stranger.app.inject({ method: 'GET', url: await signedUrl(a) });
    expect(res.statusCode).toBe(403);
  });
});
