// Seeds 200,000 collections on one account, then downloads GET /api/collections/download over real HTTP
// into a file while sampling this process's memory, and prints rows/s and the peak memory of the export. The
// export streams (keyset batches into a streaming workbook writer), so memory should stay flat whatever the
// row count. Runs on embedded PGlite, or on PostgreSQL with
// TEST_DB=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { createTestApp } from '../apps/api/src/testing/test-app.ts';
import { bearer, createAccount, createSignedInUser } from '../apps/api/src/testing/users.ts';

const ROWS = 200_000;
const MB = 1024 * 1024;

const t = await createTestApp();
const file = path.join(os.tmpdir(), `sente-export-${process.pid}.xlsx`);
try {
  const user = await createSignedInUser(t);
  const accountId = await createAccount(t, user.accessToken, 'Bench school');
  const seeded = Date.now();
  await sql`
    insert into collections (account_id, environment, amount, fee, channel, msisdn, card_last4, names, email,
                             extra_data, status, transaction_id, provider, expires_at, created_at)
    select ${accountId}, 'test', 1000 + (n % 500) * 100, (1000 + (n % 500) * 100) * 3 / 100,
           (array['MTN_UG', 'AIRTEL', 'CARD'])[1 + n % 3],
           case when n % 3 = 2 then null else '25677' || lpad((n % 10000000)::text, 7, '0') end,
           case when n % 3 = 2 then '4242' end,
           'Payer ' || n, case when n % 4 = 0 then 'payer' || n || '@example.com' end,
           jsonb_build_array(jsonb_build_object('label', 'Student', 'value', 'Pupil ' || n)),
           (array['successful', 'successful', 'successful', 'failed', 'pending'])[1 + n % 5],
           'SNTBENCH' || lpad(n::text, 7, '0'), 'simulator', now(), now() - (n || ' seconds')::interval
    from generate_series(1, ${ROWS}) as n`.execute(t.database.db);
  await sql`analyze collections`.execute(t.database.db);
  console.log(
    `seeded ${ROWS.toLocaleString()} collections in ${((Date.now() - seeded) / 1000).toFixed(1)} s (${t.database.description})`,
  );

  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const { rss, heapUsed } = process.memoryUsage();
    peakRss = Math.max(peakRss, rss);
    peakHeap = Math.max(peakHeap, heapUsed);
  }, 50);

  const started = process.hrtime.bigint();
  const response = await fetch(`${address}/api/collections/download`, { headers: bearer(user.accessToken) });
  if (!response.ok || !response.body) throw new Error(`download answered ${response.status}`);
  await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), fs.createWriteStream(file));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);

  console.log(
    `exported ${ROWS.toLocaleString()} rows in ${seconds.toFixed(1)} s: ${Math.round(ROWS / seconds).toLocaleString()} rows/s, ` +
      `${(fs.statSync(file).size / MB).toFixed(1)} MB of xlsx`,
  );
  console.log(
    `memory of the process (server and client): RSS before ${(rssBefore / MB).toFixed(0)} MB, peak RSS ${(peakRss / MB).toFixed(0)} MB, ` +
      `peak heap ${(peakHeap / MB).toFixed(0)} MB`,
  );

  let dataRows = 0;
  for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(file, {})) {
    for await (const row of sheet) if (row.number > 1) dataRows += 1;
  }
  console.log(`read back ${dataRows.toLocaleString()} data rows`);
  if (dataRows !== ROWS) process.exitCode = 1;
} finally {
  fs.rmSync(file, { force: true });
  await t.close();
}
