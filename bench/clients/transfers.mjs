// The load client of bench/transfers.ts, in a process of its own so the server's CPU is measured alone. Reads the
// plan (address, seconds, and per client: its bearer token, recipient and PIN tokens) from the file named by argv[2],
// sends each client's transfers one after another for `seconds`, and prints {done, failed, seconds, statuses} as JSON.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
let done = 0;
let failed = 0;
const statuses = {};
const deadline = Date.now() + plan.seconds * 1000;
const started = process.hrtime.bigint();
await Promise.all(
  plan.clients.map(async ({ accessToken, recipientAccountId, tokens }) => {
    for (const token of tokens) {
      if (Date.now() >= deadline) return;
      const response = await fetch(`${plan.address}/api/wallet-transfers/p2p`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${accessToken}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ recipientAccountId, amount: 1000, reason: 'Bench', env: 'test', pin_token: token }),
      });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (response.status === 201) done += 1;
      else failed += 1;
    }
  }),
);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
console.log(JSON.stringify({ done, failed, seconds, statuses }));
