import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The 256-bit AES key of a secret (Secrets' values are 32 random bytes in base64url, hashed to be any string's). */
const aesKey = (secret: string) => createHash('sha256').update(secret).digest();

/**
 * Encrypts `plaintext` with AES-256-GCM under `secret`, bound to `context` (authenticated, not stored): a value
 * copied to another row or column, where the context differs, does not decrypt. Answers `v1.<base64url>` of the
 * random IV, the tag and the ciphertext.
 */
export function encrypt(secret: string, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', aesKey(secret), iv).setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The plaintext of `encrypt`'s answer, or undefined when another secret or context made it, or it was altered. */
export function decrypt(secret: string, sealed: string, context: string): string | undefined {
  const [version, payload, ...rest] = sealed.split('.');
  if (version !== VERSION || payload === undefined || rest.length > 0) return undefined;
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', aesKey(secret), bytes.subarray(0, IV_BYTES))
      .setAAD(Buffer.from(context))
      .setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
