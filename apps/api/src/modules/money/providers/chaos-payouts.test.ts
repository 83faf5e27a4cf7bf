/**
 * Decision 041: payouts through the live rails while replicas crash. Two `server.ts` processes on one PostgreSQL
 * database, their rails the fake MTN and Airtel servers of this process behind a proxy that answers payouts slowly;
 * 16 clients (merchants' servers) pay out through `/v1` with an Idempotency-Key each for 10 s, and every 2-3 s one
 * replica is killed with SIGKILL and started again (two or three kills). Every payout a client was answered 2xx for
 * must reach its provider once and end paid or returned as the provider decided, never stranded (committed and held,
 * but not handed over) until it expires, and the ledger must verify.
 *
 * A soak: `CHAOS_SENDING_MS=120000 TEST_DATABASE_URL=… npx vitest run --project api:postgres
 * apps/api/src/modules/money/providers/chaos-payouts.test.ts` sends for two minutes, with a kill every 2-3 s throughout.
 */

import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { WALLET_MESSAGES } from '@sente/contracts/transfers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAND_OVER_GRACE_MS } from '../../../lib/hand-over.ts';
import { type FakeAirtel, startFakeAirtel } from '../../../testing/fake-airtel.ts';
import { type FakeMtn, startFakeMtn } from '../../../testing/fake-mtn.ts';
import { liveRailsEnv } from '../../../testing/live-rails-env.ts';
import { type LocalServer, listenLocally } from '../../../testing/local-server.ts';
import { apiKeysOf } from '../../../testing/merchant-api.ts';
import { createMerchant, createPaymentLink, type Merchant, payId, ugxBalances } from '../../../testing/payments.ts';
import { killProcess, type Replica, startReplica, stopProcess } from '../../../testing/replicas.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { testDatabaseKind } from '../../../testing/test-database.ts';
import { WALLET_ENV } from '../../../testing/transfers.ts';
import { useEnvironment } from '../../../testing/transfers-more.ts';
import { verifyLedger } from '../ledger.ts';

/** The same secret in the test app and the replicas, so the API key the test app makes is good on each. */
const APP_SECRET = randomBytes(32).toString('hex');
const CLIENTS = 16;
/** How long the clients send new payouts, while the replicas are killed (CHAOS_SENDING_MS lengthens it for a soak). */
const SENDING_MS = Number(process.env.CHAOS_SENDING_MS ?? 10_000);
/** A replica is killed every 2 to 3 s (the next one is the other replica), and started again at once. */
const KILL_EVERY_MS = [2_000, 3_000] as const;
/**
 * No replica is killed in the last 3 s of sending. Kills may then fall in the first 7 s, and two intervals of at most
 * 3 s end by the 6th: every run kills at least twice (the test asserts it), each replica at least once.
 */
const QUIET_END_MS = 3_000;
/**
 * How long the surviving replicas' workers get, once nothing is sent, to complete every payout. A payout a kill stranded
 * comes due HAND_OVER_GRACE_MS after its commit, so at most that less the quiet end after sending stops; then a worker
 * pass (200 ms), the slow provider (at most 300 ms), its decision (100 ms) and the status check 1 s later take about
 * 2 s, given 5 s on a loaded machine. The wait ends as soon as nothing is left to complete.
 */
const DRAIN_MS = HAND_OVER_GRACE_MS - QUIET_END_MS + 5_000;
/** The live wallet's money: one live collection of the largest amount, less the 3 % collection fee. */
const COLLECTED = 20_000_000;
const PAYOUT_CHARGE = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** HTTP headers that belong to one connection, not passed on by a proxy. */
const HOP_BY_HOP = new Set(['host', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * A provider slow to answer its payout requests, as MTN and Airtel can be: a proxy in front of a fake that passes
 * every request on at once and holds the answer to a payout (any POST but a token's) for 100-300 ms. A replica
 * killed meanwhile has handed the payout over and never hears that it was taken.
 */
function slowPayoutAnswers(target: string): Promise<LocalServer> {
  return listenLocally(async (seen, response) => {
    const headers = Object.fromEntries(Object.entries(seen.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
    const answer = await fetch(`${target}${seen.url}`, {
      method: seen.method,
      headers,
      ...(seen.method === 'GET' ? {} : { body: seen.text }),
    });
    const body = await answer.text();
    if (seen.method === 'POST' && !seen.url.includes('/token')) await sleep(100 + Math.random() * 200);
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' }).end(body);
  });
}

/** One payout a client was answered 2xx for: its key, the payout's id and whether the answer was a replay. */
type Acknowledged = { key: string; id: string; replayed: boolean };

// PGlite is one connection in one process: two server processes cannot share it, so this runs on PostgreSQL only.
describe.skipIf(testDatabaseKind !== 'postgres')(
  'live payouts through two replicas, one of them killed every few seconds',
  () => {
    let mtn: FakeMtn;
    let airtel: FakeAirtel;
    let t: TestApp;
    let merchant: Merchant;
    let liveKey: string;
    let seeded: number;
    let databaseUrl: string;
    /** The replicas by slot; a slot is null while its replica is being started again. */
    const replicas: Array<Replica | null> = [null, null];
    const children: ChildProcess[] = [];
    const dataDirs: string[] = [];
    let replicaEnv: Record<string, string>;
    const proxies: LocalServer[] = [];

    const start = async () => {
      const replica = await startReplica(databaseUrl, APP_SECRET, children, replicaEnv);
      dataDirs.push(replica.dataDir);
      return replica;
    };

    beforeAll(async () => {
      [mtn, airtel] = await Promise.all([startFakeMtn(), startFakeAirtel()]);
      // No worker here: only the replicas' workers complete payouts.
      t = await createTestApp({ ...WALLET_ENV, APP_SECRET, ...liveRailsEnv(mtn, airtel) });
      const { target } = t.database;
      if (target.kind !== 'postgres') throw new Error('replica processes need PostgreSQL');
      databaseUrl = target.url;
      const [slowMtn, slowAirtel] = await Promise.all([slowPayoutAnswers(mtn.url), slowPayoutAnswers(airtel.url)]);
      proxies.push(slowMtn, slowAirtel);
      replicaEnv = {
        ...liveRailsEnv(mtn, airtel),
        MTN_BASE_URL: slowMtn.url,
        AIRTEL_BASE_URL: slowAirtel.url,
        // Above the slow answers, so that no call times out: a payout's answer is lost only with its replica.
        PROVIDER_TIMEOUT_MS: '2000',
        // The workers look for due rows every 200 ms and ask the provider about a payout 1 s after it accepted it.
        PAYMENT_WORKER_INTERVAL_MS: '200',
        PROVIDER_POLL_AFTER_SECONDS: '1',
      };
      const replicasStarted = Promise.all([start(), start()]);
      merchant = await createMerchant(t, 'Kampala Wholesale');
      await useEnvironment(t, merchant, 'production');
      liveKey = (await apiKeysOf(t, merchant)).production_key;
      // The live wallet is funded the live way: a collection through MTN that MTN confirms.
      const link = await createPaymentLink(t, merchant, { amount: COLLECTED });
      const collection = await payId(t, link.ref, { channel: 'MTN_UG', phone: '0772100100' });
      await mtn.complete(collection, 'SUCCESSFUL');
      await t.app.services.payments.settle(collection, { status: 'successful', message: null });
      seeded = (await ugxBalances(t, merchant.accountId)).production;
      expect(seeded).toBe(COLLECTED * 0.97);
      [replicas[0], replicas[1]] = await replicasStarted;
    }, 120_000);

    afterAll(async () => {
      await Promise.all(children.map(stopProcess));
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
      await t?.close();
      await Promise.all([mtn?.close(), airtel?.close(), ...proxies.map((proxy) => proxy.close())]);
    });

    it('hands every acknowledged payout to its provider exactly once, and pays or returns each', async () => {
      const acknowledged: Acknowledged[] = [];
      const refused: string[] = [];
      let retries = 0;
      let kills = 0;
      const sendUntil = Date.now() + SENDING_MS;

      /**
       * A merchant's server: payouts one after another to MTN and Airtel numbers, each with its own key, to one replica
       * and then the other. A network error or a 5xx is retried with the same key on the other replica until it is
       * answered 2xx or 4xx, as a careful client does.
       */
      const client = async (n: number) => {
        let turn = n;
        for (let i = 0; Date.now() < sendUntil; i++) {
          const key = `chaos-${n}-${i}-${randomUUID()}`;
          const network = (n + i) % 2 === 0 ? '0772' : '0702';
          const body = { amount: 1_000 + ((n * 37 + i * 11) % 40) * 100, phone: `${network}${String(100_000 + n * 1_000 + i)}` };
          for (let attempt = 0; ; attempt++) {
            if (attempt > 0) {
              retries += 1;
              await sleep(20);
            }
            const replica = replicas[turn++ % replicas.length];
            if (!replica) continue;
            const res = await fetch(`${replica.url}/v1/payouts`, {
              method: 'POST',
              headers: { authorization: `Bearer ${liveKey}`, 'content-type': 'application/json', 'idempotency-key': key },
              body: JSON.stringify(body),
              signal: AbortSignal.timeout(5_000),
            }).catch(() => null);
            if (!res || res.status >= 500) continue;
            const answer = (await res.json().catch(() => null)) as { data?: { id: string }; message?: string } | null;
            if (res.status >= 300 || !answer?.data) {
              refused.push(`${key}: ${res.status} ${answer?.message}`);
            } else {
              acknowledged.push({ key, id: answer.data.id, replayed: res.headers.get('idempotent-replayed') === 'true' });
            }
            break;
          }
        }
      };

      /**
       * Every 2-3 s until the quiet end, SIGKILL a replica (the two in turn, or the other while one is still starting
       * again) and start it again in the background. A restart takes seconds, so for a while one replica serves alone.
       */
      const restarts: Promise<void>[] = [];
      const chaos = async () => {
        for (let turn = 0; ; turn++) {
          await sleep(KILL_EVERY_MS[0] + Math.random() * (KILL_EVERY_MS[1] - KILL_EVERY_MS[0]));
          if (Date.now() >= sendUntil - QUIET_END_MS) return;
          const slot = replicas[turn % 2] ? turn % 2 : (turn + 1) % 2;
          const replica = replicas[slot];
          if (!replica) continue;
          replicas[slot] = null;
          await killProcess(replica.child);
          kills += 1;
          restarts.push(
            start().then((started) => {
              replicas[slot] = started;
            }),
          );
        }
      };

      /**
       * The providers' side: each payout a fake took is decided soon after, one in eight failed (the number is not
       * registered), the rest paid. The replicas' workers learn it by asking for the status.
       */
      const decided = new Map<string, 'paid' | 'failed'>();
      let deciding = true;
      const decide = async () => {
        while (deciding) {
          for (const record of mtn.records.values()) {
            if (record.product !== 'disbursement' || decided.has(record.referenceId)) continue;
            const fails = decided.size % 8 === 7;
            decided.set(record.referenceId, fails ? 'failed' : 'paid');
            await mtn.complete(record.referenceId, fails ? { reason: 'PAYEE_NOT_FOUND' } : 'SUCCESSFUL');
          }
          for (const record of airtel.records.values()) {
            if (record.product !== 'disbursement' || decided.has(record.id)) continue;
            const fails = decided.size % 8 === 7;
            decided.set(record.id, fails ? 'failed' : 'paid');
            await airtel.complete(record.id, fails ? { status: 'TF' } : 'TS');
          }
          await sleep(100);
        }
      };

      const decisions = decide();
      await Promise.all([chaos(), ...Array.from({ length: CLIENTS }, (_, n) => client(n))]);

      // Nothing more is sent. The replicas' workers get until the deadline to complete every payout, but for those
      // held past it: a claim a killed replica's worker took (CLAIM_LEASE_MS) keeps a row from the survivors.
      const payouts = () =>
        t.database.db
          .selectFrom('transfers')
          .select([
            'id',
            'status',
            'provider',
            'provider_reference',
            'failure_reason',
            'amount',
            'charge',
            'idempotency_key',
            'worker_next_attempt_at',
          ])
          .where('account_id', '=', merchant.accountId)
          .where('kind', '=', 'payout')
          .execute();
      /** Whether a claim (or a next check) keeps the workers off the row until after `when`. */
      const heldAfter = (row: { worker_next_attempt_at: Date | string | null }, when: number) =>
        row.worker_next_attempt_at !== null && new Date(row.worker_next_attempt_at).getTime() > when;
      const drainUntil = Date.now() + DRAIN_MS;
      for (;;) {
        const pending = (await payouts()).filter((row) => row.status === 'pending');
        if (pending.every((row) => heldAfter(row, drainUntil)) || Date.now() > drainUntil) break;
        await sleep(200);
      }
      const drained = Date.now();
      deciding = false;
      await decisions;
      // The last replica killed is back (else its start would outlive the test); then both stop, so that what is read
      // below (rows, ledger, balance) is one state that no worker changes between the reads.
      await Promise.all(restarts);
      await Promise.all(children.map(stopProcess));
      const rows = await payouts();

      // The run was chaotic: replicas were killed and clients had to retry.
      expect(kills).toBeGreaterThanOrEqual(2);
      expect(retries).toBeGreaterThan(0);
      expect(refused).toEqual([]);

      // Stranded: acknowledged, committed and held, still pending with no provider reference, and no one about to
      // hand it over, so it waits for its expiry. Either the provider never had it, or its answer died with the replica.
      const atProvider = (id: string) => mtn.records.has(id) || airtel.records.has(id);
      const stranded = rows
        .filter((row) => row.status === 'pending' && row.provider_reference === null && !heldAfter(row, drained))
        .map((row) => `${row.id} (${atProvider(row.id) ? 'the provider has it, its answer was lost' : 'never sent'})`);
      expect(stranded, `${stranded.length} of ${acknowledged.length} acknowledged payouts were stranded`).toEqual([]);

      // Each acknowledged payout exists once, and nothing else was committed.
      const ids = acknowledged.map((ack) => ack.id);
      expect(new Set(ids).size).toBe(acknowledged.length);
      expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
      const byId = new Map(rows.map((row) => [row.id, row]));
      expect(acknowledged.filter((ack) => byId.get(ack.id)?.idempotency_key !== ack.key)).toEqual([]);

      // The providers took each payout once at most (one record per reference), at its own provider, and none else.
      const received = [...mtn.records.values()]
        .filter((record) => record.product === 'disbursement')
        .map((record) => ({ id: record.referenceId, provider: 'mtn_momo' }))
        .concat(
          [...airtel.records.values()]
            .filter((record) => record.product === 'disbursement')
            .map((record) => ({ id: record.id, provider: 'airtel_money' })),
        );
      expect(received.filter((record) => byId.get(record.id)?.provider !== record.provider)).toEqual([]);

      // Each ended as its provider decided, paid or returned with the provider's reason (the fakes refuse no request,
      // so a payout returned without reaching its provider was given up on), none expired; or it is still pending with
      // its provider, or held by a claim that outlasts the drain (a killed replica's) until it is handed over.
      expect(rows.filter((row) => row.failure_reason === WALLET_MESSAGES.payoutExpired).map((row) => row.id)).toEqual([]);
      const ended = rows
        .filter((row) => row.status !== 'pending')
        .filter((row) => !atProvider(row.id) || (row.status === 'successful') !== (decided.get(row.id) === 'paid'));
      expect(ended.map((row) => [row.id, row.status, decided.get(row.id), row.failure_reason])).toEqual([]);
      const unsent = rows.filter((row) => row.status === 'pending' && !atProvider(row.id) && !heldAfter(row, drained));
      expect(unsent.map((row) => [row.id, row.provider_reference, row.worker_next_attempt_at])).toEqual([]);

      // The ledger verifies, and the live balance is what was collected less each payout paid or still held, with
      // its charge.
      expect(await verifyLedger(t.database.db)).toEqual([]);
      expect(rows.every((row) => Number(row.charge) === PAYOUT_CHARGE)).toBe(true);
      const taken = rows
        .filter((row) => row.status !== 'rejected')
        .reduce((sum, row) => sum + Number(row.amount) + Number(row.charge), 0);
      expect((await ugxBalances(t, merchant.accountId)).production).toBe(seeded - taken);
    }, 60_000);
  },
);
