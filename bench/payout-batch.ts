// Decision 066: a 5,000-row payout batch from upload to paid, in the simulator. A CSV of 5,000 rows is uploaded through the
// route (multipart, parsed and checked across the batch), the worker's passes look every number's name up, the maker
// submits, a second member approves with a PIN token (the total with charges held at once), and the worker's passes
// write and hand over each row's transfer and apply the simulator's outcomes until the batch is completed; then its
// result is downloaded. Prints each step's time, rows per second from upload to paid, and the process's peak RSS.
// PGlite by default; PostgreSQL with TEST_DB=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test.
// BENCH_ROWS changes the size; BENCH_SMOKE=1: 50 rows, for bench/smoke.test.ts. Ends with the ledger verified.
import { batchCall, batchOf, csvOf, goodRows, runBatchWork, uploadSheet } from '../apps/api/src/testing/batches.ts';
import { createMerchant } from '../apps/api/src/testing/payments.ts';
import { createTestApp } from '../apps/api/src/testing/test-app.ts';
import { fundWallet, setPin } from '../apps/api/src/testing/transfers.ts';
import { createMember, mintPinToken } from '../apps/api/src/testing/transfers-more.ts';
import { printLedgerVerified } from './server.ts';
import { OWN_RATE_COUNTS, printSettings, sized, UNLIMITED } from './settings.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? sized(5_000, 50));
/** The largest payment a link takes at once: the wallet is funded in payments of this size. */
const FUNDING = 5_000_000;

const settings = {
  SIMULATOR_DELAY_MS: '0',
  PAYMENT_WORKER_INTERVAL_MS: '0',
  WRITE_RATE_LIMIT_PER_MINUTE: UNLIMITED,
  READ_RATE_LIMIT_PER_MINUTE: UNLIMITED,
  PAY_RATE_LIMIT_PER_MINUTE: UNLIMITED,
  PIN_RATE_LIMIT_PER_MINUTE: UNLIMITED,
  ...OWN_RATE_COUNTS,
};
printSettings({ ...settings, BENCH_ROWS: ROWS });

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);
const t = await createTestApp(settings);
try {
  const owner = await createMerchant(t, 'Bench school');
  const maker = await createMember(t, owner, 'operations', { firstname: 'Bench', lastname: 'Maker' });
  await setPin(t, maker);
  // From row 10: the simulator fails numbers ending 0001 and never settles those ending 0002.
  const rows = goodRows(ROWS, 10);
  const needed = rows.reduce((sum, row) => sum + Number(row[1]) + 1_000, 0);
  for (let funded = 0; funded < needed; ) funded += await fundWallet(t, owner, FUNDING);
  const sheet = csvOf(rows);
  const rssBefore = process.memoryUsage().rss;

  const steps: [string, number][] = [];
  const started = performance.now();
  let mark = started;
  const step = (name: string) => {
    const now = performance.now();
    steps.push([name, now - mark]);
    mark = now;
  };

  const uploaded = await uploadSheet(t, maker, { bytes: sheet, name: 'teachers.csv' });
  if (uploaded.statusCode !== 201) throw new Error(`upload answered ${uploaded.statusCode}: ${uploaded.body}`);
  const id = uploaded.json().data.id as string;
  step(`upload (${(sheet.length / 1024).toFixed(0)} KB, parsed and checked)`);
  await runBatchWork(t);
  step('name checks');
  const submitted = await batchCall(t, maker, 'POST', `/api/payout-batches/${id}/submit`);
  if (submitted.statusCode !== 200) throw new Error(`submit answered ${submitted.statusCode}: ${submitted.body}`);
  step('submit');
  const approved = await batchCall(t, owner, 'POST', `/api/payout-batches/${id}/approve`, {
    pin_token: await mintPinToken(t, owner),
  });
  if (approved.statusCode !== 200) throw new Error(`approve answered ${approved.statusCode}: ${approved.body}`);
  step('approve (hold and queue)');
  while ((await batchOf(t, owner, id)).status === 'paying') await runBatchWork(t);
  step('paying (transfers written, handed over, outcomes applied)');
  const total = performance.now() - started;
  const result = await t.app.inject({
    method: 'GET',
    url: `/api/payout-batches/${id}/result`,
    headers: { authorization: `Bearer ${owner.accessToken}` },
  });
  step('result download');

  const batch = await batchOf(t, owner, id);
  for (const [name, ms] of steps) console.log(`${name.padEnd(60)} ${(ms / 1000).toFixed(2)} s`);
  console.log(
    `${batch.counts.paid.toLocaleString('en-US')} of ${ROWS.toLocaleString('en-US')} rows paid (${batch.status}) from upload ` +
      `to paid in ${(total / 1000).toFixed(1)} s = ${Math.round(ROWS / (total / 1000))} rows/s`,
  );
  console.log(
    `result ${(result.rawPayload.length / 1024).toFixed(0)} KB; peak RSS ${Math.round(peakRss / 1024 / 1024)} MB ` +
      `(${Math.round(rssBefore / 1024 / 1024)} MB before the upload)`,
  );
  await printLedgerVerified(t.app.services);
} finally {
  clearInterval(sampler);
  await t.close();
}
