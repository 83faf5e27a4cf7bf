import { describe, expect, it } from 'vitest';
import { createPasswordHasher, verifyPassword } from './passwords.ts';

describe('password and PIN hashes', () => {
  it('hash at the configured cost and verify by the parameters each hash carries', async () => {
    const cheap = createPasswordHasher(10);
    const stored = await cheap.hash('Sente#2026pass');
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('Sente#2026pass', stored)).toBe(true);
    expect(await verifyPassword('sente#2026pass', stored)).toBe(false);
    // A hash made at the production cost still verifies where hashing is cheaper, and the other way round.
    const strong = await createPasswordHasher(15).hash('24680');
    expect(strong).toMatch(/^scrypt\$32768\$/);
    expect(await cheap.verify('24680', strong)).toBe(true);
  });

  it('answers false for an unknown user after the same work', async () => {
    const hasher = createPasswordHasher(10);
    expect(await hasher.verifyDummy('Sente#2026pass')).toBe(false);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
  });
});
