/**
 * Migration 2026_11_24_014: profile phones saved as typed digits become the one `+256...` format; a number
 * two users held in two forms stays with the user created first. Run back down and up on this file's own database.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../db/migrations/2026_11_24_014_international_user_phones.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signUpAndVerify } from '../../testing/users.ts';

let t: TestApp;
let db: Kysely<any>;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db as Kysely<any>;
});
afterAll(() => t.close());

const phoneOf = async (userId: string) =>
  (await db.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirstOrThrow()).phone;

describe('migration 014: international user phones', () => {
  it('converts digits as typed, leaves what is no number, and gives a shared number to the first user', async () => {
    await down(db);
    const stored = ['0772123456', '256701000222', '254712345678', '07123', null, '256772123456'];
    const users: string[] = [];
    for (const phone of stored) {
      const { userId } = await signUpAndVerify(t);
      await db.updateTable('users').set({ phone }).where('id', '=', userId).execute();
      users.push(userId);
    }

    await up(db);

    expect(await Promise.all(users.map(phoneOf))).toEqual([
      '+256772123456',
      '+256701000222',
      '+254712345678',
      '07123',
      null,
      // The same number as the first user's, in its other form: the first user keeps it.
      null,
    ]);
  });
});
