// Queues 10,000 webhook events for one account whose Collections URL is a receiver on loopback, then runs the
// delivery worker's pass until none is due and prints deliveries per second: each one claimed (FOR UPDATE SKIP
// LOCKED), its target checked, signed (Standard Webhooks), POSTed over a new connection and its result written.
// Runs on embedded PGlite, or on PostgreSQL with TEST_DB=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test.
// BENCH_EVENTS and WEBHOOK_WORKER_BATCH_SIZE (events claimed and sent at once, default 50) change the run. The app's
// settings are printed; the run ends with the ledger verified. BENCH_SMOKE=1: 200 events, for bench/smoke.test.ts.
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { createMerchant } from '../apps/api/src/testing/payments.ts';
import { createTestApp } from '../apps/api/src/testing/test-app.ts';
import { saveWebhookUrls, signingSecretOf, startReceiver } from '../apps/api/src/testing/webhook-receiver.ts';
import { printLedgerVerified } from './server.ts';
import { OWN_RATE_COUNTS, printSettings, sized, UNLIMITED } from './settings.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? sized(10_000, 200));
const BATCH = process.env.WEBHOOK_WORKER_BATCH_SIZE ?? '50';

// The worker's passes are driven by the bench (the app's own worker stays off, as createTestApp leaves it).
const settings = {
  ALLOW_PRIVATE_WEBHOOKS: 'true',
  WEBHOOK_WORKER_BATCH_SIZE: BATCH,
  WRITE_RATE_LIMIT_PER_MINUTE: UNLIMITED,
  ...OWN_RATE_COUNTS,
};
printSettings(settings);
const t = await createTestApp(settings);
const receiver = await startReceiver();
try {
  const merchant = await createMerchant(t, 'Bench shop');
  await saveWebhookUrls(t, merchant, { collection_url: `${receiver.url}/hooks` });
  await sql`
    insert into webhook_events (account_id, environment, event, payload, destination)
    select ${merchant.accountId}, 'test', 'collection.successful',
           jsonb_build_object('id', gen_random_uuid(), 'amount', 1000 + n, 'currency', 'UGX', 'status', 'successful'),
           'collection_url'
    from generate_series(1, ${EVENTS}) as n`.execute(t.database.db);

  const started = process.hrtime.bigint();
  let attempted = 0;
  let delivered = 0;
  for (;;) {
    const pass = await t.app.services.webhookDeliveries.deliverDue();
    if (pass.attempted === 0) break;
    attempted += pass.attempted;
    delivered += pass.delivered;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;

  const secret = await signingSecretOf(t, merchant);
  const verified = receiver.arrivals.filter((arrival) => {
    try {
      new Webhook(secret).verify(arrival.body, arrival.headers);
      return true;
    } catch {
      return false;
    }
  }).length;
  const ids = new Set(receiver.arrivals.map((arrival) => arrival.headers['webhook-id']));
  console.log(
    `${delivered.toLocaleString()} of ${EVENTS.toLocaleString()} events delivered in ${seconds.toFixed(1)} s ` +
      `= ${(delivered / seconds).toFixed(0)} deliveries/s (batch ${BATCH}, ${t.database.description})`,
  );
  console.log(
    `${attempted.toLocaleString()} attempts, ${receiver.arrivals.length.toLocaleString()} requests received, ` +
      `${ids.size.toLocaleString()} distinct webhook-ids, ${verified.toLocaleString()} signatures verified`,
  );
  if (delivered !== EVENTS || verified !== EVENTS) process.exitCode = 1;
  await printLedgerVerified(t.app.services);
} finally {
  await receiver.close();
  await t.close();
}
