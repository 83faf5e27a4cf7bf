/**
 * Migration 2026_12_07_045 (decision 071): a movement's approval may be 'withdrawn'; run back down (a withdrawn one
 * reads as declined) and up on this file's own database.
 */
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../../db/migrations/2026_12_07_045_approval_withdrawn.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
let db: Kysely<any>;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db as Kysely<any>;
});
afterAll(() => t.close());

/** Whether the table's check on a transfer's approval names `status` among the states it takes. */
const accepts = async (status: string) => {
  const { rows } = await sql<{ ok: boolean }>`
    select pg_get_constraintdef(oid) like ${`%'${status}'%`} as ok from pg_constraint
     where conname = 'transfers_approval_status_check'`.execute(db);
  return rows[0]?.ok ?? false;
};

describe('migration 045: a withdrawn approval', () => {
  it("takes 'withdrawn' beside the four states, and goes back to them when run down", async () => {
    expect(await accepts('withdrawn')).toBe(true);
    expect(await accepts('awaiting')).toBe(true);
    await down(db);
    expect(await accepts('withdrawn')).toBe(false);
    expect(await accepts('expired')).toBe(true);
    await up(db);
    expect(await accepts('withdrawn')).toBe(true);
  });
});
