// Payments settled per second by the worker, and the server's and PostgreSQL's CPU per settlement. A merchant's link is
// paid N times in test mode first (not timed; the simulator answers at once, no worker runs in the background), then the
// worker's pass (`jobs.runDue`, as the running worker calls it) settles them all: each payment's outcome applied once,
// with the wallet credited, the customer recorded, the totals, the timeline, the alert and the webhook queued. The
// payer's e-mail is left out, so no receipt is mailed; the payers' numbers end in 3 (the simulator fails a number
// ending 0001 and leaves one ending 0002 pending). Ends with the ledger verified. BENCH_SMOKE=1: a few payments.
// Needs PostgreSQL: TEST_DB=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test.
import { sql } from 'kysely';
import { createMerchant, createPaymentLink, PAYMENTS_ENV, payId } from '../apps/api/src/testing/payments.ts';
import { createTestApp } from '../apps/api/src/testing/test-app.ts';
import { cpuSeconds, printLedgerVerified } from './server.ts';
import { OWN_RATE_COUNTS, printSettings, sized, UNLIMITED } from './settings.ts';

const PAYMENTS = sized(3_000, 30);
const PAYING_CLIENTS = 8;

if (process.env.TEST_DB !== 'postgres') {
  console.error('Run against PostgreSQL: TEST_DB=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test');
  process.exit(1);
}

const env = { ...PAYMENTS_ENV, ...OWN_RATE_COUNTS, PAY_RATE_LIMIT_PER_MINUTE: UNLIMITED };
printSettings(env);
const t = await createTestApp(env);
try {
  const merchant = await createMerchant(t, 'Settlement Bench');
  const link = await createPaymentLink(t, merchant, { amount: 5_000 });
  const ref: string = link.ref;
  let next = 0;
  await Promise.all(
    Array.from({ length: PAYING_CLIENTS }, async () => {
      while (next < PAYMENTS) {
        const n = next++;
        await payId(t, ref, { phone: `0772${100_000 + n * 10 + 3}`, names: `Payer ${n}` });
      }
    }),
  );

  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity where datname = current_database()`.execute(t.database.db);
  const backends = rows.map((row) => row.pid);
  const sum = (used: Map<number, number>) => [...used.values()].reduce((a, b) => a + b, 0);
  const pgBefore = sum(cpuSeconds(backends));
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const later = new Date(Date.now() + 60_000);
  let pending = PAYMENTS;
  while (pending > 0) {
    await t.app.services.jobs.runDue({ now: later });
    const row = await t.database.db
      .selectFrom('collections')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    pending = Number(row.n);
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const pgCpu = sum(cpuSeconds(backends)) - pgBefore;
  const settled = await t.database.db
    .selectFrom('collections')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'successful')
    .executeTakeFirstOrThrow();
  console.log(
    `settled ${Number(settled.n).toLocaleString('en')} payments in ${seconds.toFixed(2)} s = ${Math.round(PAYMENTS / seconds)} settlements/s`,
  );
  console.log(
    `CPU per settlement: server ${((cpu.user + cpu.system) / 1000 / PAYMENTS).toFixed(2)} ms, PostgreSQL ${((pgCpu * 1000) / PAYMENTS).toFixed(2)} ms`,
  );
  await printLedgerVerified(t.app.services);
} finally {
  await t.close();
}
