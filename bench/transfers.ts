// Wallet transfers per second through the HTTP API at 32 concurrent clients, beside pgbench's tpcb-like
// transactions per second at 32 clients on the same PostgreSQL in the same run, printed as a ratio. PIN tokens
// and Idempotency-Keys are made before the clock starts (the PIN's scrypt check is a separate, deliberate
// cost). Needs PostgreSQL: TEST_DB=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createMerchant, type Merchant } from '../apps/api/src/testing/payments.ts';
import { createTestApp } from '../apps/api/src/testing/test-app.ts';
import { bearer } from '../apps/api/src/testing/users.ts';
import { fundWallet, WALLET_ENV } from '../apps/api/src/testing/wallet.ts';
import { mintPinToken } from '../apps/api/src/testing/wallet-more.ts';

const CLIENTS = 32;
const ACCOUNTS = 64;
const SECONDS = 15;
const PER_CLIENT = 400;

if (process.env.TEST_DB !== 'postgres') {
  console.error('Run against PostgreSQL: TEST_DB=postgres TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test');
  process.exit(1);
}
const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const pgArgs = ['-h', url.hostname, '-p', url.port || '5432', '-U', url.username || 'postgres'];

const t = await createTestApp(WALLET_ENV);
try {
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
      const tokens = [];
      for (let i = 0; i < PER_CLIENT; i++) tokens.push(await mintPinToken(t, from));
      return { from, to, tokens };
    }),
  );

  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  let done = 0;
  let failed = 0;
  const deadline = Date.now() + SECONDS * 1000;
  const started = process.hrtime.bigint();
  await Promise.all(
    plans.map(async ({ from, to, tokens }) => {
      for (const token of tokens) {
        if (Date.now() >= deadline) return;
        const response = await fetch(`${address}/api/wallet-transfers/p2p`, {
          method: 'POST',
          headers: { ...bearer(from.accessToken), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({
            recipientAccountId: to.accountId,
            amount: 1000,
            reason: 'Bench',
            env: 'test',
            pin_token: token,
          }),
        });
        await response.arrayBuffer();
        if (response.status === 201) done += 1;
        else failed += 1;
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const apiRate = done / seconds;
  console.log(
    `API: ${done.toLocaleString()} wallet transfers in ${seconds.toFixed(1)} s at ${CLIENTS} clients = ${apiRate.toFixed(0)} transfers/s` +
      (failed ? ` (${failed} refused)` : ''),
  );
  const problems = await t.app.services.ledger.verify();
  console.log(problems.length === 0 ? 'ledger verified' : `ledger problems: ${problems.length}`);

  const scratch = `sente_pgbench_${process.pid}`;
  execFileSync('psql', [...pgArgs, '-d', url.pathname.slice(1) || 'test', '-c', `create database ${scratch}`], {
    stdio: 'ignore',
  });
  try {
    execFileSync('pgbench', [...pgArgs, '-i', '-s', '10', '-q', scratch], { stdio: 'ignore' });
    const output = execFileSync(
      'pgbench',
      [...pgArgs, '-b', 'tpcb-like', '-c', String(CLIENTS), '-j', '2', '-T', String(SECONDS), scratch],
      {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    const tps = Number(/tps = ([\d.]+)/.exec(output)?.[1]);
    console.log(`pgbench tpcb-like: ${tps.toFixed(0)} transactions/s at ${CLIENTS} clients (scale 10)`);
    console.log(`ratio: API wallet transfers / pgbench tpcb-like = ${(apiRate / tps).toFixed(2)}`);
  } finally {
    execFileSync('psql', [...pgArgs, '-d', url.pathname.slice(1) || 'test', '-c', `drop database if exists ${scratch}`], {
      stdio: 'ignore',
    });
  }
} finally {
  await t.close();
}
