/**
 * Migration 2026_11_29_043 (decision 070): phones saved before it stay unverified, and the verify_phone codes it allows
 * go when it is run down. Run back down and up on this file's own database.
 */
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../db/migrations/2026_11_29_043_phone_verified.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { signUpAndVerify } from '../../testing/users.ts';

let t: TestApp;
let db: Kysely<any>;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db as Kysely<any>;
});
afterAll(() => t.close());

const codeRow = (userId: string, purpose: string) => ({
  user_id: userId,
  purpose,
  code_hash: 'hash',
  expires_at: new Date(Date.now() + 60_000),
});

describe('migration 043: verified phones', () => {
  it('leaves every phone saved before it unverified, and takes the phone codes away when run down', async () => {
    const { userId } = await signUpAndVerify(t);
    await db.insertInto('one_time_codes').values(codeRow(userId, 'verify_phone')).execute();
    await down(db);
    expect(await db.selectFrom('one_time_codes').select('purpose').where('user_id', '=', userId).execute()).toEqual([
      { purpose: 'verify_account' },
    ]);
    await expect(db.insertInto('one_time_codes').values(codeRow(userId, 'verify_phone')).execute()).rejects.toThrow(
      /one_time_codes_purpose_check/,
    );
    await db.updateTable('users').set({ phone: '+256772123000' }).where('id', '=', userId).execute();

    await up(db);

    expect(
      await db.selectFrom('users').select(['phone', 'phone_verified_at']).where('id', '=', userId).executeTakeFirstOrThrow(),
    ).toEqual({ phone: '+256772123000', phone_verified_at: null });
    await db.insertInto('one_time_codes').values(codeRow(userId, 'verify_phone')).execute();
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from one_time_codes where user_id = ${userId}`.execute(
      db,
    );
    expect(rows[0]!.n).toBe(2);
  });
});
