// The load client of bench/transfers.ts, in a process of its own so the server's CPU is measured alone. Reads the
// plan (address, seconds, and per client: its bearer token, recipient and PIN tokens) from the file named by argv[2],
// sends each client's transfers one after another for `seconds` over one kept-alive connection per client (node:http:
// fetch cost this process about twice the CPU, on cores the server and PostgreSQL share), and prints
// {done, failed, seconds, statuses, cpuSeconds} as JSON.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';

const plan = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const agent = new http.Agent({ keepAlive: true, maxSockets: plan.clients.length });
const { hostname, port } = new URL(plan.address);

/** One POST; answers its status once the whole answer has been read. */
function post(path, headers, body) {
  return new Promise((resolve, reject) => {
    const request = http.request({ agent, hostname, port, path, method: 'POST', headers }, (response) => {
      response.on('data', () => {});
      response.on('end', () => resolve(response.statusCode));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

let done = 0;
let failed = 0;
const statuses = {};
const deadline = Date.now() + plan.seconds * 1000;
const cpuBefore = process.cpuUsage();
const started = process.hrtime.bigint();
await Promise.all(
  plan.clients.map(async ({ accessToken, recipientAccountId, tokens }) => {
    for (const token of tokens) {
      if (Date.now() >= deadline) return;
      const body = JSON.stringify({ recipientAccountId, amount: 1000, reason: 'Bench', env: 'test', pin_token: token });
      const status = await post(
        '/api/wallet-transfers/p2p',
        {
          authorization: `Bearer ${accessToken}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'idempotency-key': randomUUID(),
        },
        body,
      );
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === 201) done += 1;
      else failed += 1;
    }
  }),
);
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const cpu = process.cpuUsage(cpuBefore);
agent.destroy();
console.log(JSON.stringify({ done, failed, seconds, statuses, cpuSeconds: (cpu.user + cpu.system) / 1e6 }));
