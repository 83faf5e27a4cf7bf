import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { type RequestContext, runInContext } from '../lib/request-context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who acts and where the request came from (lib/request-context.ts); the guards fill in the actor. */
    requestContext: RequestContext;
  }
}

/**
 * Every request runs inside its own context, so a service or repository reads who acts without a parameter: entered at
 * the first onRequest hook, whose `done` runs every later hook, the body's parsing and the handler.
 */
export const requestContextPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('requestContext', null as unknown as RequestContext);
  app.addHook('onRequest', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    request.requestContext = {
      actor: null,
      requestId: request.id,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    };
    runInContext(request.requestContext, done);
  });
});
