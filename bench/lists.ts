// Seeds 100,000 payment links on one account, then times GET /api/payment-link for the first page and
// for the 50th page (reached by following nextCursor), through the whole HTTP stack (app.inject).
// Keyset paging should make both equal within noise. Runs on embedded PGlite, or on PostgreSQL with
// TEST_DB=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test.
import { sql } from 'kysely';
import { createTestApp } from '../apps/api/src/testing/test-app.ts';
import { bearer, createAccount, createSignedInUser } from '../apps/api/src/testing/users.ts';

const LINKS = 100_000;
const SAMPLES = 200;

const t = await createTestApp();
try {
  const user = await createSignedInUser(t);
  const accountId = await createAccount(t, user.accessToken, 'Bench shop');
  const started = Date.now();
  await sql`
    insert into links (account_id, kind, ref, title, amount, created_by, created_at)
    select ${accountId}, 'payment_link', 'bench' || n, 'Link ' || n, 1000 + n, ${user.userId},
           now() - (n || ' seconds')::interval
    from generate_series(1, ${LINKS}) as n`.execute(t.database.db);
  await sql`analyze links`.execute(t.database.db);
  console.log(
    `seeded ${LINKS.toLocaleString()} links in ${((Date.now() - started) / 1000).toFixed(1)} s (${t.database.description})`,
  );

  const headers = bearer(user.accessToken);
  const get = async (cursor: string | null) => {
    const url = cursor ? `/api/payment-link?cursor=${encodeURIComponent(cursor)}` : '/api/payment-link';
    const response = await t.app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
    return response.json().data as { nextCursor: string | null; items: unknown[] };
  };

  let cursor: string | null = null;
  for (let page = 1; page < 50; page++) cursor = (await get(cursor)).nextCursor;
  const page50Cursor = cursor;

  const time = async (pageCursor: string | null) => {
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const start = process.hrtime.bigint();
      await get(pageCursor);
      samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    samples.sort((a, b) => a - b);
    const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.toFixed(2);
    return `median ${at(0.5)} ms, p99 ${at(0.99)} ms`;
  };

  console.log(`page 1:  ${await time(null)}  (${SAMPLES} requests)`);
  console.log(`page 50: ${await time(page50Cursor)}  (${SAMPLES} requests)`);
} finally {
  await t.close();
}
