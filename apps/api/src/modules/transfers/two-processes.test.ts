import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decidePendingSettlements, runMoneyRace, seedRaceMerchants } from '../../testing/money-race.ts';
import type { Merchant } from '../../testing/payments.ts';
import { errorLines, type Replica, startReplica, stopProcess } from '../../testing/replicas.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { WALLET_ENV } from '../../testing/transfers.ts';
import { bearer } from '../../testing/users.ts';

/** The same secret in the test app and both servers, so the sessions the test app signs are good on either. */
const APP_SECRET = randomBytes(32).toString('hex');
/** How long the servers' workers get to complete the payouts still pending once the race has sent everything. */
const PAYOUTS_DEADLINE_MS = 60_000;
/** Each server's worker settles simulated payouts 50 ms after they start and looks for due rows every 100 ms, so two servers' workers race for them. */
const SERVER_ENV = { PAYMENT_WORKER_INTERVAL_MS: '100', SIMULATOR_DELAY_MS: '50' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// PGlite is one connection in one process: two servers cannot share it, so this runs on PostgreSQL only.
describe.skipIf(testDatabaseKind !== 'postgres')('money out through two server processes on one PostgreSQL', () => {
  let t: TestApp;
  let merchants: Merchant[];
  let servers: Replica[];
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    t = await createTestApp({ ...WALLET_ENV, APP_SECRET });
    const { target } = t.database;
    if (target.kind !== 'postgres') throw new Error('two server processes need PostgreSQL');
    // The servers start (mostly compiling TypeScript) while the test app seeds the merchants.
    [merchants, ...servers] = await Promise.all([
      seedRaceMerchants(t),
      startReplica(target.url, APP_SECRET, children, SERVER_ENV),
      startReplica(target.url, APP_SECRET, children, SERVER_ENV),
    ]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(children.map(stopProcess));
    for (const server of servers ?? []) fs.rmSync(server.dataDir, { recursive: true, force: true });
    await t?.close();
  });

  it('1,000 random transfers, settlements and payouts over HTTP to two servers whose workers race for the payouts', async () => {
    const db = t.database.db;
    let sent = 0;
    const payoutsPending = async () => {
      const row = await db
        .selectFrom('transfers')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('kind', '=', 'payout')
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    };

    await runMoneyRace(t, merchants, {
      // Over real HTTP, to one server and then the other.
      send: async (from, route, body, headers) => {
        const server = servers[sent++ % servers.length]!;
        const res = await fetch(`${server.url}${route}`, {
          method: 'POST',
          headers: { ...bearer(from.accessToken), 'content-type': 'application/json', ...headers },
          body: JSON.stringify(body),
        });
        return { status: res.status, message: ((await res.json()) as { message: string }).message };
      },
      // The operator decides settlements through the test app; the payouts are the servers' workers' to complete.
      finishSome: async () => {
        await decidePendingSettlements(t);
        const deadline = Date.now() + PAYOUTS_DEADLINE_MS;
        while ((await payoutsPending()) > 0) {
          if (Date.now() > deadline) throw new Error(`payouts still pending after ${PAYOUTS_DEADLINE_MS} ms`);
          await sleep(25);
        }
      },
    });

    // Every payout was completed exactly once, paid or returned, though both workers looked for it.
    const { rows: payouts } = await sql<{ id: string; status: string; completions: number }>`
      select t.id, t.status, count(l.id)::int as completions
      from transfers t
      left join ledger_transactions l on l.reference_id = t.id and l.kind in ('payout_paid', 'payout_returned')
      where t.kind = 'payout'
      group by t.id, t.status`.execute(db);
    expect(payouts.filter((row) => row.completions !== 1)).toEqual([]);
    expect(payouts.some((row) => row.status === 'successful')).toBe(true);
    expect(payouts.some((row) => row.status === 'rejected')).toBe(true);

    // Neither server logged an error: no failed apply retried behind the race's back.
    for (const server of servers) expect(errorLines(server.log())).toEqual([]);
  }, 300_000);
});
