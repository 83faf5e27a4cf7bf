import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type Secrets = {
  jwtSecret: string;
  codePepper: string;
  opsSecret: string;
  /** Encrypts the accounts' API keys and webhook signing secrets at rest (AES-256-GCM, lib/encryption.ts). */
  keysSecret: string;
  /** Keys the HMAC by which a presented API key finds its account, without decrypting any. */
  keyLookupSecret: string;
  /** The secret path segment of the providers' callback URLs (decision 032): a callback without it is refused. */
  callbackSecret: string;
};

/** The settings that decide the secrets (config.ts checks their length). */
export type SecretSettings = {
  APP_SECRET?: string | undefined;
  JWT_SECRET?: string | undefined;
  OPS_SECRET?: string | undefined;
};

/** HKDF labels: each secret is its own key, so knowing one (say the operator secret) gives none of the others. */
const LABELS = {
  jwtSecret: 'sente:jwt-signing-key:v1',
  codePepper: 'sente:code-pepper:v1',
  opsSecret: 'sente:ops-secret:v1',
  keysSecret: 'sente:api-keys:v1',
  keyLookupSecret: 'sente:api-key-lookup:v1',
  callbackSecret: 'sente:provider-callbacks:v1',
} as const;

export function deriveSecrets(appSecret: string): Secrets {
  const derive = (label: string) => Buffer.from(hkdfSync('sha256', appSecret, 'sente', label, 32)).toString('base64url');
  return {
    jwtSecret: derive(LABELS.jwtSecret),
    codePepper: derive(LABELS.codePepper),
    opsSecret: derive(LABELS.opsSecret),
    keysSecret: derive(LABELS.keysSecret),
    keyLookupSecret: derive(LABELS.keyLookupSecret),
    callbackSecret: derive(LABELS.callbackSecret),
  };
}

/**
 * The token key, the pepper of code and refresh-token hashes and of signed links, the operator secret, and the keys
 * that encrypt and look up API keys. With APP_SECRET all are derived from it, so every replica given the same value
 * agrees; without it (a newcomer's machine) they are generated once and kept in DATA_DIR/secrets.json (mode 600), a
 * file written before a secret existed gaining it. JWT_SECRET and OPS_SECRET override their own in both cases.
 */
export function loadSecrets(dataDir: string, settings: SecretSettings = {}): Secrets {
  const base = settings.APP_SECRET ? deriveSecrets(settings.APP_SECRET) : generatedSecrets(dataDir);
  return {
    ...base,
    ...(settings.JWT_SECRET ? { jwtSecret: settings.JWT_SECRET } : {}),
    ...(settings.OPS_SECRET ? { opsSecret: settings.OPS_SECRET } : {}),
  };
}

function generatedSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    jwtSecret: stored.jwtSecret ?? randomToken(48),
    codePepper: stored.codePepper ?? randomToken(32),
    opsSecret: stored.opsSecret ?? randomToken(32),
    keysSecret: stored.keysSecret ?? randomToken(32),
    keyLookupSecret: stored.keyLookupSecret ?? randomToken(32),
    callbackSecret: stored.callbackSecret ?? randomToken(32),
  };
  if (JSON.stringify(stored) !== JSON.stringify(secrets)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
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
