import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../testing/payments.ts';
import { createReplica, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { createNamedMerchant } from '../../testing/transfers-more.ts';
import { type Arrival, type Receiver, saveWebhookUrls, startReceiver } from '../../testing/webhook-receiver.ts';
import { queueWebhookEvent } from './deliveries-repository.ts';

/** Shared by every process here, so each can decrypt the accounts' signing secrets, as replicas in production do. */
const ENV = {
  APP_SECRET: 'webhook-workers-test-app-secret-0123456789',
  ALLOW_PRIVATE_WEBHOOKS: 'true',
  WEBHOOK_WORKER_BATCH_SIZE: '10',
};
const ACCOUNTS = 4;

let t: TestApp;
let replica: TestApp;
let receiver: Receiver;
const merchants: Merchant[] = [];

/** Whether the receiver fails an event's first arrival: a quarter of the events, chosen by their id. */
const failsFirst = (id: string) => createHash('sha256').update(id).digest()[0]! % 4 === 0;

async function queueEvents(count: number): Promise<string[]> {
  return t.database.db.transaction().execute(async (trx) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const merchant = merchants[i % ACCOUNTS]!;
      ids.push(
        await queueWebhookEvent(trx, {
          accountId: merchant.accountId,
          environment: 'test',
          type: i % 2 === 0 ? 'collection.successful' : 'payout.successful',
          data: { n: i },
        }),
      );
    }
    return ids;
  });
}

/**
 * Makes the retry of each first attempt that failed due now, as if its backoff had passed. Only those: an event out on
 * a claim keeps its lease, which is what this test is about.
 */
async function makeRetriesDue(): Promise<void> {
  await t.database.db
    .updateTable('webhook_events')
    .set({ next_attempt_at: new Date(Date.now() - 1000) })
    .where('status', '=', 'pending')
    .where('attempts', '=', 1)
    .where('last_response_code', '=', 500)
    .execute();
}

/** Each event's arrivals at the receiver, by webhook-id. */
function arrivalsById(arrivals: Arrival[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const arrival of arrivals)
    counts.set(arrival.headers['webhook-id']!, (counts.get(arrival.headers['webhook-id']!) ?? 0) + 1);
  return counts;
}

async function expectEachAttemptSentOnce(ids: string[]) {
  const rows = await t.database.db
    .selectFrom('webhook_events')
    .select(['id', 'status', 'attempts'])
    .where('id', 'in', ids)
    .execute();
  const arrived = arrivalsById(receiver.arrivals);
  expect(rows).toHaveLength(ids.length);
  const wrong = rows.filter(
    (row) => row.status !== 'delivered' || row.attempts !== (failsFirst(row.id) ? 2 : 1) || arrived.get(row.id) !== row.attempts,
  );
  expect(wrong.map((row) => ({ ...row, arrived: arrived.get(row.id) }))).toEqual([]);
  expect(receiver.arrivals).toHaveLength(ids.length + ids.filter(failsFirst).length);
}

// PGlite is one connection in one process: nothing would race there, so this proves nothing on it.
describe.skipIf(testDatabaseKind !== 'postgres')('two API processes delivering from one PostgreSQL', () => {
  beforeAll(async () => {
    t = await createTestApp(ENV);
    replica = await createReplica(t, ENV);
    receiver = await startReceiver();
    const seen = new Set<string>();
    receiver.answerWith(async (arrival) => {
      const id = arrival.headers['webhook-id']!;
      const first = !seen.has(id);
      seen.add(id);
      // A receiver that takes a little while, so that passes overlap while requests are out.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 15));
      return first && failsFirst(id) ? 500 : 200;
    });
    for (let i = 0; i < ACCOUNTS; i++) {
      const merchant = await createNamedMerchant(t, `Shop ${i + 1}`, { firstname: 'Ada', lastname: `Owner${i}` });
      await saveWebhookUrls(t, merchant, { collection_url: `${receiver.url}/c/${i}`, payment_url: `${receiver.url}/p/${i}` });
      merchants.push(merchant);
    }
  }, 60_000);
  afterAll(async () => {
    await replica?.close();
    await receiver?.close();
    await t?.close();
  });

  it('never sends one attempt twice: 600 events, four passes at once on two servers, a quarter failing first', async () => {
    const ids = await queueEvents(600);
    const attempted = { primary: 0, replica: 0 };
    for (let round = 0; round < 4; round++) {
      const passes = await Promise.all([
        t.app.services.webhookDeliveries.deliverDue(),
        replica.app.services.webhookDeliveries.deliverDue(),
        t.app.services.webhookDeliveries.deliverDue(),
        replica.app.services.webhookDeliveries.deliverDue(),
      ]);
      attempted.primary += passes[0].attempted + passes[2].attempted;
      attempted.replica += passes[1].attempted + passes[3].attempted;
      await makeRetriesDue();
    }
    // Both servers took a share of the work.
    expect(attempted.primary).toBeGreaterThan(0);
    expect(attempted.replica).toBeGreaterThan(0);
    expect(attempted.primary + attempted.replica).toBe(600 + ids.filter(failsFirst).length);
    await expectEachAttemptSentOnce(ids);
  }, 120_000);

  it("does the same with each server's own worker loop, which app.close() stops", async () => {
    receiver.arrivals.length = 0;
    const loops = { ...ENV, WEBHOOK_WORKER_INTERVAL_MS: '20' };
    const [first, second] = await Promise.all([createReplica(t, loops), createReplica(t, loops)]);
    const ids = await queueEvents(300);
    const due = setInterval(() => void makeRetriesDue(), 300);
    try {
      await expect
        .poll(
          async () =>
            (
              await t.database.db
                .selectFrom('webhook_events')
                .select('id')
                .where('id', 'in', ids)
                .where('status', '=', 'delivered')
                .execute()
            ).length,
          { timeout: 60_000, interval: 200 },
        )
        .toBe(300);
    } finally {
      clearInterval(due);
      await Promise.all([first.close(), second.close()]);
    }
    await expectEachAttemptSentOnce(ids);

    // Stopped: an event queued now stays pending.
    const [late] = await queueEvents(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const row = await t.database.db
      .selectFrom('webhook_events')
      .select('status')
      .where('id', '=', late!)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  }, 120_000);
});
