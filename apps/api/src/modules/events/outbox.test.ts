/**
 * Decision 082: the outbox of domain events. A settled payment's receipt leaves it once after the commit; a row whose
 * process died is taken again when its lease runs out, by one of two workers at once; a row under lease is left alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, createPaymentLink, type Merchant, PAYMENTS_ENV, payId } from '../../testing/payments.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let merchant: Merchant;

const PAYER = 'nakato@example.com';

beforeAll(async () => {
  t = await createTestApp(PAYMENTS_ENV);
  merchant = await createMerchant(t, 'Outbox Traders');
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const rowsOf = (id: string) => db().selectFrom('domain_events').selectAll().where('subject_id', '=', id).execute();
const receiptsOf = async (id: string) =>
  (
    await db()
      .selectFrom('collection_events')
      .select('detail')
      .where('collection_id', '=', id)
      .where('kind', '=', 'receipt_sent')
      .execute()
  ).map((event) => event.detail);

/** A settled test payment whose payer gave an e-mail, its receipt sent and its outbox row gone. */
async function settled(): Promise<string> {
  const link = await createPaymentLink(t, merchant, { fixed_amount: false });
  const id = await payId(t, link.ref, { amount: 5_000, email: PAYER });
  await t.app.services.payments.settle(id, { status: 'successful', message: null });
  await t.app.services.payments.receiptsSent();
  return id;
}

describe('the outbox of domain events', () => {
  it('runs a settled payment’s receipt once, right after the commit, and deletes its row', async () => {
    const id = await settled();
    expect(await receiptsOf(id)).toEqual([PAYER]);
    expect(await rowsOf(id)).toEqual([]);
    await t.app.services.jobs.runDue();
    expect(await receiptsOf(id)).toEqual([PAYER]);
  });

  it('writes no row for a failed payment, which has no receipt', async () => {
    const link = await createPaymentLink(t, merchant, { fixed_amount: false });
    const id = await payId(t, link.ref, { amount: 5_000, email: PAYER });
    await t.app.services.payments.settle(id, { status: 'failed', message: 'Declined' });
    expect(await rowsOf(id)).toEqual([]);
  });

  it('takes again a row whose process died once its lease ran out, in one of two passes at once', async () => {
    const id = await settled();
    // As if the process that claimed it died before running it: its lease ended a second ago.
    await db()
      .insertInto('domain_events')
      .values({ type: 'collection.settled', subject_id: id, due_at: new Date(Date.now() - 1_000) })
      .execute();
    const passes = await Promise.all([t.app.services.jobs.runDue(), t.app.services.jobs.runDue()]);
    expect(passes.map((pass) => pass.events.ran).sort()).toEqual([0, 1]);
    expect(await receiptsOf(id)).toEqual([PAYER, PAYER]);
    expect(await rowsOf(id)).toEqual([]);
  });

  it('leaves a row under another process’s lease alone', async () => {
    const id = await settled();
    await db()
      .insertInto('domain_events')
      .values({ type: 'collection.settled', subject_id: id, due_at: new Date(Date.now() + 60_000) })
      .execute();
    expect((await t.app.services.jobs.runDue()).events.ran).toBe(0);
    expect(await rowsOf(id)).toHaveLength(1);
    expect(await receiptsOf(id)).toEqual([PAYER]);
  });
});
