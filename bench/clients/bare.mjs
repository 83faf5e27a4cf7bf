// The bare route of bench/lists.ts: one Fastify route answering a fixed JSON, the most a Fastify route can serve on
// this machine, in a process of its own (plain node, so it loads nothing of the API). Prints its address.
import Fastify from 'fastify';

const app = Fastify();
app.get('/bare', async () => ({ status: 'success', data: { items: [], totalItems: 0 } }));
console.log(await app.listen({ port: 0, host: '127.0.0.1' }));
