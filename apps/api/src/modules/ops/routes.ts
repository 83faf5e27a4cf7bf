import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { forbidden, parseInput } from '../../lib/http-error.ts';
import { safeEqual } from '../../lib/secrets.ts';
import type { Services } from '../../services.ts';
import { runOpsCommand } from './commands.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Headers a proxy adds: their presence means the loopback peer is relaying someone else. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip'];
const opsInput = z.object({ command: z.string().max(100), args: z.array(z.string().max(500)).max(20) });

/**
 * The TCP peer (never request.ip, which TRUST_PROXY may take from a header) is this machine, and no proxy
 * relayed the call: a proxy on the same host connects from loopback too, but adds a forwarding header.
 */
const isDirectLoopbackCall = (request: FastifyRequest) =>
  LOOPBACK.has(request.socket.remoteAddress ?? '') && FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);

/**
 * The embedded database belongs to the server process, so `npm run ops` reaches it through this
 * endpoint: direct loopback callers only, holding the operator secret (DATA_DIR/secrets.json, or
 * OPS_SECRET, or derived from APP_SECRET).
 */
export async function opsRoutes(app: FastifyInstance, opts: { services: Services; opsSecret: string }) {
  app.post('/ops/run', { config: { rateClass: 'write' } }, async (request) => {
    const secret = request.headers['x-ops-secret'];
    if (!isDirectLoopbackCall(request) || typeof secret !== 'string' || !safeEqual(secret, opts.opsSecret)) {
      throw forbidden('Forbidden');
    }
    const { command, args } = parseInput(opsInput, request.body);
    return { status: 'success', data: await runOpsCommand(opts.services, command, args) };
  });
}
