// Wallet transfers per second through the HTTP API at 32 concurrent clients, beside pgbench's tpcb-like
// transactions per second at 32 clients on the same PostgreSQL in the same run, printed as a ratio, with the server's
// and PostgreSQL's CPU per transfer. 20,000 accounts with wallets are seeded first, so a wallet look-up that cannot
// use an index shows. PIN tokens and Idempotency-Keys are made before the clock starts (the PIN's scrypt check is a
// separate, deliberate cost). The load client runs in a process of its own (bench/clients/transfers.mjs). The write
// class's per-member limit is lifted (the bench sends thousands a minute from each member) and said in the output;
// the run ends with the ledger verified. BENCH_SMOKE=1: a few accounts, clients and transfers (bench/smoke.test.ts).
// Needs PostgreSQL: TEST_DB=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test.
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { pinTokenHash } from '../apps/api/src/modules/transfers/pins.ts';
import { createMerchant, type Merchant } from '../apps/api/src/testing/payments.ts';
import { createTestApp } from '../apps/api/src/testing/test-app.ts';
import { fundWallet, WALLET_ENV } from '../apps/api/src/testing/transfers.ts';
import { cpuSeconds as cpuSecondsOf, printLedgerVerified } from './server.ts';
import { OWN_RATE_COUNTS, printSettings, sized, UNLIMITED } from './settings.ts';

const CLIENTS = sized(32, 2);
const ACCOUNTS = sized(64, 4);
const IDLE_ACCOUNTS = sized(20_000, 50);
const HISTORY = sized(100_000, 100);
const SECONDS = sized(15, 1);
/** PIN tokens a client has: the smoke run's clients stop when theirs run out, well before its second. */
const PER_CLIENT = sized(1_500, 20);
const PGBENCH_SCALE = sized(10, 1);
/** How long pgbench runs: the full run's seconds, or the smoke run's few transactions a client. */
const PGBENCH_LENGTH = sized(['-T', String(SECONDS)], ['-t', '20']);

if (process.env.TEST_DB !== 'postgres') {
  console.error('Run against PostgreSQL: TEST_DB=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test');
  process.exit(1);
}
const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const pgArgs = ['-h', url.hostname, '-p', url.port || '5432', '-U', url.username || 'postgres'];

/** PostgreSQL's backends serving this bench's database (the server's pool among them), not other work's. */
async function backendsOfThisDatabase(): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity where datname = current_database()`.execute(t.database.db);
  return rows.map((row) => row.pid);
}

const settings = {
  ...WALLET_ENV,
  WRITE_RATE_LIMIT_PER_MINUTE: UNLIMITED,
  PIN_RATE_LIMIT_PER_MINUTE: UNLIMITED,
  ...OWN_RATE_COUNTS,
};
printSettings(settings);
const t = await createTestApp(settings);
try {
  const seeded = Date.now();
  await sql`
    with owner as (
      insert into users (firstname, lastname, email, password_hash)
      values ('Idle', 'Owner', 'idle-owner@bench.test', 'x') returning id
    ), accounts_made as (
      insert into accounts (user_id, account_name, account_number)
      select owner.id, 'Idle shop ' || n, 'B' || lpad(n::text, 9, '0') from owner, generate_series(1, ${IDLE_ACCOUNTS}) n
      returning id
    )
    insert into wallets (account_id, kind, currency, environment)
    select id, 'merchant', 'UGX', e from accounts_made, unnest(array['test', 'production']) e`.execute(t.database.db);
  // A history of earlier transfers between the idle accounts, each with its ledger movement: every idle account sends
  // and receives the same number, so its balance stays 0, and each entry keeps its wallet's running balance after it
  // in the statement's order (decision 052), as post_movement writes it, so the ledger verifies. A platform at scale has one,
  // and PostgreSQL plans each function's statements once per connection, by the tables' sizes then: over empty tables
  // it would keep scanning them whole as the run fills them.
  await sql`
    with idle as (
      select array_agg(id order by account_number) as ids from accounts where account_name like 'Idle shop %'
    ), made as (
      insert into transfers (account_id, environment, kind, currency, amount, charge, reason, status, creator_id,
                             recipient_account_id, created_at, updated_at, completed_at)
      select idle.ids[1 + n % ${IDLE_ACCOUNTS}], 'test', 'wallet_transfer', 'UGX', 1000, 0, 'History', 'successful',
             (select id from users where email = 'idle-owner@bench.test'), idle.ids[1 + (n + 1) % ${IDLE_ACCOUNTS}],
             now() - interval '30 days' + n * interval '10 ms', now(), now()
        from idle, generate_series(1, ${HISTORY}) n
      returning id, account_id, recipient_account_id, created_at
    ), moved as (
      insert into ledger_transactions (kind, environment, reference_id)
      select 'wallet_transfer', 'test', id from made
      returning id, reference_id
    ), sides as (
      select moved.id as transaction_id, w.id as wallet_id, side.amount, made.created_at
        from moved
        join made on made.id = moved.reference_id
        cross join lateral (values (made.account_id, -1000::bigint), (made.recipient_account_id, 1000::bigint)) side(account_id, amount)
        join wallets w on w.account_id = side.account_id and w.kind = 'merchant' and w.environment = 'test'
    )
    insert into ledger_entries (transaction_id, wallet_id, amount, balance_after, created_at)
    select transaction_id, wallet_id, amount,
           sum(amount) over (partition by wallet_id order by created_at, transaction_id
                             rows between unbounded preceding and current row),
           created_at
      from sides`.execute(t.database.db);
  await sql`analyze`.execute(t.database.db);
  console.log(
    `seeded ${IDLE_ACCOUNTS.toLocaleString()} idle accounts and ${HISTORY.toLocaleString()} earlier transfers between them ` +
      `in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
  );
  const merchants: Merchant[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const merchant = await createMerchant(t, `Bench shop ${i + 1}`);
    await fundWallet(t, merchant, 20_000_000);
    merchants.push(merchant);
  }
  // Each client sends from its own pair of accounts in turn, so clients rarely wait on one another's rows,
  // as merchants in real life rarely pay each other at the same instant.
  const plans = await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      const from = merchants[(client * 2) % ACCOUNTS]!;
      const to = merchants[(client * 2 + 1) % ACCOUNTS]!;
      const tokens = Array.from({ length: PER_CLIENT }, () => randomBytes(24).toString('base64url'));
      const expiresAt = new Date(Date.now() + 3600_000);
      for (let i = 0; i < tokens.length; i += 500) {
        await t.database.db
          .insertInto('pin_tokens')
          .values(
            tokens.slice(i, i + 500).map((token) => ({
              token_hash: pinTokenHash(token),
              account_id: from.accountId,
              user_id: from.userId,
              expires_at: expiresAt,
            })),
          )
          .execute();
      }
      return { from, to, tokens };
    }),
  );

  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const planFile = join(tmpdir(), `sente-bench-transfers-${process.pid}.json`);
  writeFileSync(
    planFile,
    JSON.stringify({
      address,
      seconds: SECONDS,
      clients: plans.map(({ from, to, tokens }) => ({ accessToken: from.accessToken, recipientAccountId: to.accountId, tokens })),
    }),
  );
  const serverCpu = process.cpuUsage();
  const databaseBefore = cpuSecondsOf(await backendsOfThisDatabase());
  // Asynchronous, so this process keeps serving while the client runs.
  const client = await new Promise<string>((resolve, reject) => {
    execFile(process.execPath, [join(import.meta.dirname, 'clients', 'transfers.mjs'), planFile], (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });
  const used = process.cpuUsage(serverCpu);
  const backends = await backendsOfThisDatabase();
  const databaseAfter = cpuSecondsOf(backends);
  const databaseSeconds = backends.reduce((sum, pid) => sum + (databaseAfter.get(pid) ?? 0) - (databaseBefore.get(pid) ?? 0), 0);
  const { done, failed, seconds, statuses, cpuSeconds } = JSON.parse(client) as {
    done: number;
    failed: number;
    seconds: number;
    statuses: Record<string, number>;
    cpuSeconds: number;
  };
  const apiRate = done / seconds;
  console.log(
    `API: ${done.toLocaleString()} wallet transfers in ${seconds.toFixed(1)} s at ${CLIENTS} clients = ${apiRate.toFixed(0)} transfers/s` +
      (failed ? ` (${failed} refused: ${JSON.stringify(statuses)})` : ''),
  );
  const perTransfer = (cpuSeconds: number) => `${((cpuSeconds * 1000) / Math.max(1, done + failed)).toFixed(2)} ms`;
  console.log(
    `CPU per transfer: server ${perTransfer((used.user + used.system) / 1e6)}, PostgreSQL ${perTransfer(databaseSeconds)}, ` +
      `load client ${perTransfer(cpuSeconds)}`,
  );

  const scratch = `sente_pgbench_${process.pid}`;
  execFileSync('psql', [...pgArgs, '-d', url.pathname.slice(1) || 'test', '-c', `create database ${scratch}`], {
    stdio: 'ignore',
  });
  try {
    execFileSync('pgbench', [...pgArgs, '-i', '-s', String(PGBENCH_SCALE), '-q', scratch], { stdio: 'ignore' });
    const output = execFileSync(
      'pgbench',
      [...pgArgs, '-b', 'tpcb-like', '-c', String(CLIENTS), '-j', String(Math.min(2, CLIENTS)), ...PGBENCH_LENGTH, scratch],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1]);
    console.log(`pgbench tpcb-like: ${tps.toFixed(0)} transactions/s at ${CLIENTS} clients (scale ${PGBENCH_SCALE})`);
    console.log(`ratio: API wallet transfers / pgbench tpcb-like = ${(apiRate / tps).toFixed(2)}`);
  } finally {
    execFileSync('psql', [...pgArgs, '-d', url.pathname.slice(1) || 'test', '-c', `drop database if exists ${scratch}`], {
      stdio: 'ignore',
    });
  }
  await printLedgerVerified(t.app.services);
} finally {
  await t.close();
}
