import { describe, expect, it } from 'vitest';
import { decrypt, encrypt } from './encryption.ts';
import { randomToken } from './secrets.ts';

const secret = randomToken(32);
const KEY = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc4eC39HqLyjWD';

describe('encrypt and decrypt (AES-256-GCM)', () => {
  it('round-trips, with a fresh IV each time, and the ciphertext does not hold the plaintext', () => {
    const first = encrypt(secret, KEY, 'api_keys:a:production_key');
    const second = encrypt(secret, KEY, 'api_keys:a:production_key');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^v1\.[\w-]+$/);
    expect(first).not.toContain(KEY);
    expect(first).not.toContain(Buffer.from(KEY).toString('base64url').slice(0, 20));
    expect(decrypt(secret, first, 'api_keys:a:production_key')).toBe(KEY);
    expect(decrypt(secret, second, 'api_keys:a:production_key')).toBe(KEY);
  });

  it('does not decrypt under another secret or context, nor when altered', () => {
    const sealed = encrypt(secret, KEY, 'api_keys:a:production_key');
    expect(decrypt(randomToken(32), sealed, 'api_keys:a:production_key')).toBeUndefined();
    expect(decrypt(secret, sealed, 'api_keys:b:production_key')).toBeUndefined();
    expect(decrypt(secret, sealed, 'api_keys:a:test_key')).toBeUndefined();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(decrypt(secret, `v1.${bytes.toString('base64url')}`, 'api_keys:a:production_key')).toBeUndefined();
    for (const garbage of ['', 'v1.', 'v2.abc', 'v1.abc.def', 'v1.AAAA', KEY]) {
      expect(decrypt(secret, garbage, 'api_keys:a:production_key')).toBeUndefined();
    }
  });
});
