import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { forbidden, parseInput } from '../../lib/http-error.ts';
import { safeEqual } from '../../lib/secrets.ts';
import type { Services } from '../../services.ts';
import { runOpsCommand } from './commands.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const opsInput = z.object({ command: z.string().max(100), args: z.array(z.string().max(500)).max(20) });

/**
 * The embedded database belongs to the server process, so `npm run ops` reaches it through this
 * endpoint: loopback callers only, holding the secret kept in DATA_DIR/secrets.json.
 */
export async function opsRoutes(app: FastifyInstance, opts: { services: Services; opsSecret: string }) {
  app.post('/ops/run', async (request) => {
    const secret = request.headers['x-ops-secret'];
    if (!LOOPBACK.has(request.socket.remoteAddress ?? '') || typeof secret !== 'string' || !safeEqual(secret, opts.opsSecret)) {
      throw forbidden('Forbidden');
    }
    const { command, args } = parseInput(opsInput, request.body);
    return { status: 'success', data: await runOpsCommand(opts.services, command, args) };
  });
}
