import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../lib/answer.ts';
import { forbidden } from '../../lib/http-error.ts';
import { route } from '../../lib/route.ts';
import { safeEqual } from '../../lib/secrets.ts';
import type { Services } from '../../services.ts';
import { OPERATOR_HEADER, runOpsCommand } from './commands.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Headers a proxy adds: their presence means the loopback peer is relaying someone else. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip'];

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
export const opsRoutes: FastifyPluginAsyncZod<{ services: Services; opsSecret: string }> = async (app, opts) => {
  // The caller and its secret are checked before the body is: a refused caller learns nothing about the input.
  const operatorOnly = async (request: FastifyRequest) => {
    const secret = request.headers['x-ops-secret'];
    if (!isDirectLoopbackCall(request) || typeof secret !== 'string' || !safeEqual(secret, opts.opsSecret)) {
      throw forbidden('Forbidden');
    }
  };
  route(
    app,
    'POST /ops/run',
    {
      preValidation: operatorOnly,
      access: 'ops',
      rateClass: 'write',
    },
    async (request) => {
      const operator = request.headers[OPERATOR_HEADER];
      const { command, args } = request.body;
      return answer(await runOpsCommand(opts.services, command, args, typeof operator === 'string' ? operator : undefined));
    },
  );
};
