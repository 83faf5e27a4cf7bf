import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type Secrets = { jwtSecret: string; codePepper: string; opsSecret: string };

/**
 * Secrets the platform needs but a newcomer should not have to configure: generated once and kept in
 * DATA_DIR/secrets.json (mode 600). JWT_SECRET from the environment wins for the token key.
 */
export function loadSecrets(dataDir: string, jwtSecretFromEnv?: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    jwtSecret: stored.jwtSecret ?? randomToken(48),
    codePepper: stored.codePepper ?? randomToken(32),
    opsSecret: stored.opsSecret ?? randomToken(32),
  };
  if (JSON.stringify(stored) !== JSON.stringify(secrets)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return jwtSecretFromEnv ? { ...secrets, jwtSecret: jwtSecretFromEnv } : secrets;
}

export function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

export function hmac(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
