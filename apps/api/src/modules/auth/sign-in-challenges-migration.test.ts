/**
 * Migration 2026_12_07_051 (decision 080): the sign-in challenges and the session's amr; run back down and up on this
 * file's own database, a session started before it counts as proven by the password and the code.
 */
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../db/migrations/2026_12_07_051_sign_in_challenges.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createSignedInUser, sessionsOf } from '../../testing/users.ts';

let t: TestApp;
let db: Kysely<any>;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db as Kysely<any>;
});
afterAll(() => t.close());

const tables = async () =>
  (
    await sql<{ name: string }>`
      select table_name as name from information_schema.tables where table_name = 'sign_in_challenges'`.execute(db)
  ).rows.map((row) => row.name);

describe('migration 051: sign-in challenges', () => {
  it('adds the table and the amr, which sessions from before get as password and code, and takes them away', async () => {
    const user = await createSignedInUser(t);
    expect(await tables()).toEqual(['sign_in_challenges']);

    await down(db);
    expect(await tables()).toEqual([]);
    expect(await sessionsOf(t, user.userId)).toEqual([expect.not.objectContaining({ amr: expect.anything() })]);
    await up(db);
    expect(await tables()).toEqual(['sign_in_challenges']);
    expect(await sessionsOf(t, user.userId)).toEqual([expect.objectContaining({ amr: ['pwd', 'otp'] })]);
    await expect(
      db.insertInto('sessions').values({ user_id: user.userId, refresh_hash: 'x', expires_at: new Date() }).execute(),
    ).rejects.toThrow(/amr/);
  });
});
