/**
 * Migration 2026_11_29_042 (decision 068): run back down and up again on this file's own copy of the database, every
 * payment made before it gets a receipt code of its own (22 base64url characters, none shared), SMS receipts are off
 * for every account, and the timeline takes one `receipt_sms_sent` step per payment.
 */
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../../db/migrations/2026_11_29_042_receipt_codes.ts';
import { createMerchant, createPaymentLink, PAYMENTS_ENV, payId } from '../../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
let db: Kysely<any>;
beforeAll(async () => {
  t = await createTestApp(PAYMENTS_ENV);
  db = t.database.db as Kysely<any>;
});
afterAll(() => t?.close());

describe('migration 042: receipt codes', () => {
  it('gives each earlier payment its own random code, and turns SMS receipts off', async () => {
    const merchant = await createMerchant(t);
    const link = await createPaymentLink(t, merchant);
    const ids = [await payId(t, link.ref), await payId(t, link.ref, { phone: '0772000333' })];
    await down(db);
    await up(db);
    const { rows } = await sql<{ receipt_code: string }>`select receipt_code from collections
      where id in (${sql.join(ids)})`.execute(db);
    expect(rows).toHaveLength(2);
    for (const { receipt_code } of rows) expect(receipt_code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(rows.map((row) => row.receipt_code)).size).toBe(2);
    const { rows: accounts } = await sql<{ sms_receipts: boolean }>`select sms_receipts from accounts
      where id = ${merchant.accountId}`.execute(db);
    expect(accounts).toEqual([{ sms_receipts: false }]);

    const step = { collection_id: ids[0], kind: 'receipt_sms_sent', detail: '256772123456', ok: true };
    await db.insertInto('collection_events').values(step).execute();
    await expect(db.insertInto('collection_events').values(step).execute()).rejects.toThrow();
  });
});
