/**
 * Migration 2026_12_07_046 (decision 071): members' 'approval needed' choice (on by default) and the alert's kind; run
 * back down (its alerts go) and up on this file's own database.
 */
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../../db/migrations/2026_12_07_046_approval_alerts.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
let db: Kysely<any>;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db as Kysely<any>;
});
afterAll(() => t.close());

const column = async () =>
  (
    await sql<{ fallback: string | null }>`
      select column_default as fallback from information_schema.columns
       where table_name = 'notification_settings' and column_name = 'approval_needed'`.execute(db)
  ).rows[0];
const kindCheck = async () =>
  (
    await sql<{ def: string }>`select pg_get_constraintdef(oid) as def from pg_constraint
                                where conname = 'member_alerts_kind_check'`.execute(db)
  ).rows[0]!.def;

describe('migration 046: approval alerts', () => {
  it("adds the choice, on by default, and the alert's kind; run down, both go", async () => {
    expect((await column())?.fallback).toBe('true');
    expect(await kindCheck()).toContain("'approval_needed'");
    await down(db);
    expect(await column()).toBeUndefined();
    expect(await kindCheck()).not.toContain("'approval_needed'");
    await up(db);
    expect((await column())?.fallback).toBe('true');
    expect(await kindCheck()).toContain("'approval_needed'");
  });
});
