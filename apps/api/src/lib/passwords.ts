import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number, options: object) => Promise<Buffer>;

/** log2 of scrypt's N: 2^15 with r=8, p=1 is OWASP's baseline; production never goes below it. */
export const DEFAULT_PASSWORD_HASH_COST = 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
/** 128·N·r bytes: 32 MiB at the baseline, above the 32 MiB default limit, so the limit is raised. */
const maxmemFor = (n: number) => 128 * n * R * 2;

/** Verifies against the parameters stored in the hash, so hashes made at any cost keep working. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: maxmemFor(Number(n)),
  });
  return timingSafeEqual(actual, expected);
}

/**
 * Hashes passwords and wallet PINs with scrypt at 2^cost (PASSWORD_HASH_COST). The test suite uses a low cost
 * (a hash there costs 3 ms instead of 135 ms); every stored hash carries its own parameters.
 */
export function createPasswordHasher(cost = DEFAULT_PASSWORD_HASH_COST) {
  const N = 2 ** cost;
  const hash = async (password: string): Promise<string> => {
    const salt = randomBytes(16);
    const key = await scrypt(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: maxmemFor(N) });
    return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
  };
  let dummy: Promise<string> | undefined;
  return {
    hash,
    verify: verifyPassword,
    /** Compared against when the user does not exist, at the same cost, so timing does not reveal it. */
    async verifyDummy(password: string): Promise<boolean> {
      dummy ??= hash(randomBytes(12).toString('hex'));
      return verifyPassword(password, await dummy);
    },
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
