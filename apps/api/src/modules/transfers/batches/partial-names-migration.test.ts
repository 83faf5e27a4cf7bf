/**
 * Migration 2026_12_07_048 (decision 074): rows of batches not yet approved that were stored 'partial' under the old
 * rule, one word in common being enough, are compared again and become mismatches where another word differs; rows of
 * approved batches keep what they were paid under.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up } from '../../../db/migrations/2026_12_07_048_partial_names.ts';
import { newBatch } from '../../../testing/batches.ts';
import type { Merchant } from '../../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { WALLET_ENV } from '../../../testing/transfers.ts';
import { createAliceAndBob } from '../../../testing/transfers-more.ts';

let t: TestApp;
let db: Kysely<any>;
let alice: Merchant;
beforeAll(async () => {
  t = await createTestApp(WALLET_ENV);
  db = t.database.db as Kysely<any>;
  ({ alice } = await createAliceAndBob(t));
});
afterAll(() => t?.close());

/** A batch of `status` whose rows the old rule called partial, each under its sheet name and registered name. */
async function storedPartial(status: string, names: [string, string][]) {
  const rows = names.map(([name], index) => [`0772${String(700000 + index)}`, 1_000 + index, name, `M-${status}-${index}`, '']);
  const batch = await newBatch(t, alice, rows, `Migration ${status}`);
  await db.updateTable('payout_batches').set({ status }).where('id', '=', batch.id).execute();
  for (const [index, [, registered]] of names.entries()) {
    await db
      .updateTable('payout_batch_rows')
      .set({ name_check: 'partial', registered_name: registered, due_at: null })
      .where('batch_id', '=', batch.id)
      .where('position', '=', index + 2)
      .execute();
  }
  return batch.id;
}

const checks = async (batchId: string) =>
  (
    await db
      .selectFrom('payout_batch_rows')
      .select(['name', 'name_check'])
      .where('batch_id', '=', batchId)
      .orderBy('position')
      .execute()
  ).map((row) => `${row.name}: ${row.name_check}`);

describe('migration 048: partial names compared again', () => {
  it('makes a mismatch of a differing word in a draft or submitted batch, and leaves approved batches alone', async () => {
    const names: [string, string][] = [
      ['Peter Achieng', 'Ruth Achieng'],
      ['Esther N.', 'Esther Nakato'],
      ['John Peter Okello', 'John Okello'],
      ['Sarah Nakato', 'Sarah Namubiru'],
    ];
    const draft = await storedPartial('draft', names);
    const submitted = await storedPartial('submitted', names);
    const completed = await storedPartial('completed', names);
    await up(db);
    const now = ['Peter Achieng: mismatch', 'Esther N.: partial', 'John Peter Okello: partial', 'Sarah Nakato: mismatch'];
    expect(await checks(draft)).toEqual(now);
    expect(await checks(submitted)).toEqual(now);
    expect(await checks(completed)).toEqual(names.map(([name]) => `${name}: partial`));
    // Run again, it finds nothing more to change.
    await up(db);
    expect(await checks(draft)).toEqual(now);
  });
});
