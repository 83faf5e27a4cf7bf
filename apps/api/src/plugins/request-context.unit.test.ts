/**
 * One actor (lib/actor.ts), built once by each entry point and read from the request context (lib/request-context.ts):
 * the session guard's member, the operator of an ops command, the worker's system actor; and a context that holds
 * across awaits and a parsed body, one per request however many run at once.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker } from '../jobs/worker.ts';
import { currentActor, currentContext, runAs } from '../lib/request-context.ts';
import { runOpsCommand, UNNAMED_OPERATOR } from '../modules/ops/commands.ts';
import type { Services } from '../services.ts';
import { authGuardPlugin } from './auth-guard.ts';
import { requestContextPlugin } from './request-context.ts';

const MEMBERSHIPS: Record<string, { userId: string; sessionId: string; accountId: string; amr: string[] }> = {
  'token-ada': { userId: 'user-ada', sessionId: 'session-ada', accountId: 'account-ada', amr: ['pwd', 'otp'] },
  'token-ruth': { userId: 'user-ruth', sessionId: 'session-ruth', accountId: 'account-ruth', amr: ['pwd', 'otp'] },
};

/** The session guard over sessions that know two tokens, and a route that answers the context its handler reads. */
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  const sessions = {
    authorize: async (token: string) => {
      const known = MEMBERSHIPS[token]!;
      return {
        auth: { userId: known.userId, sessionId: known.sessionId, amr: known.amr },
        membership: { role: 'operations', account: { id: known.accountId, active_environment: 'test' } },
      };
    },
  };
  await app.register(requestContextPlugin);
  await app.register(authGuardPlugin, { sessions } as never);
  app.post('/who', { preValidation: app.requireAccount('view') }, async (request) => {
    // Later than the guard and than an await of its own: the context is still this request's.
    await new Promise((resolve) => setTimeout(resolve, Number((request.body as { waitMs: number }).waitMs)));
    return { context: currentContext(), scope: request.actor };
  });
  await app.ready();
});
afterAll(() => app?.close());

const ask = (token: string, waitMs: number) =>
  app.inject({
    method: 'POST',
    url: '/who',
    headers: { authorization: `Bearer ${token}`, 'user-agent': 'Sente test' },
    payload: { waitMs },
    remoteAddress: '203.0.113.7',
  });

describe('the request context', () => {
  it('carries the member the session guard built, with the request id, address and user agent, to the handler', async () => {
    const res = await ask('token-ada', 1);
    expect(res.statusCode).toBe(200);
    const { context, scope } = res.json();
    expect(context).toEqual({
      actor: {
        kind: 'member',
        userId: 'user-ada',
        sessionId: 'session-ada',
        accountId: 'account-ada',
        role: 'operations',
        amr: ['pwd', 'otp'],
      },
      requestId: expect.any(String),
      ip: '203.0.113.7',
      userAgent: 'Sente test',
    });
    expect(scope).toEqual(context.actor);
  });

  it("keeps each request's own actor when requests overlap, with its session's amr", async () => {
    const [ada, ruth] = await Promise.all([ask('token-ada', 30), ask('token-ruth', 1)]);
    expect(ada.json().context.actor).toMatchObject({ userId: 'user-ada', sessionId: 'session-ada' });
    expect(ruth.json().context.actor).toMatchObject({ userId: 'user-ruth', amr: ['pwd', 'otp'] });
    expect(ada.json().context.requestId).not.toBe(ruth.json().context.requestId);
  });

  it('holds through a large body read from a real socket', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/who`, {
      method: 'POST',
      headers: { authorization: 'Bearer token-ruth', 'content-type': 'application/json' },
      body: JSON.stringify({ waitMs: 1, padding: 'x'.repeat(200_000) }),
    });
    const { context } = (await res.json()) as { context: { actor: unknown; ip: string } };
    expect(context.actor).toMatchObject({ kind: 'member', userId: 'user-ruth' });
    expect(context.ip).toBe('127.0.0.1');
  });

  it('is empty outside any work, and runAs replaces only the actor of the context it runs in', async () => {
    expect(currentContext()).toBeUndefined();
    expect(currentActor()).toBeNull();
    const inner = await runAs({ kind: 'system', job: 'outer' }, () =>
      runAs({ kind: 'operator', name: 'ada' }, async () => currentContext()),
    );
    expect(inner).toEqual({ actor: { kind: 'operator', name: 'ada' }, requestId: null, ip: null, userAgent: null });
  });
});

describe('the operator of an ops command', () => {
  /** Services whose `sms:status` reports who ran it. */
  const reporting = (seen: unknown[]) =>
    ({
      smsStatus: () => {
        seen.push(currentActor());
        return { description: 'outbox', deliveryUrls: [] };
      },
    }) as unknown as Services;

  it('is named by the caller, or unnamed when the caller gave no user name', async () => {
    const seen: unknown[] = [];
    expect((await runOpsCommand(reporting(seen), 'sms:status', [], 'ada.nakato')).ok).toBe(true);
    await runOpsCommand(reporting(seen), 'sms:status', []);
    await runOpsCommand(reporting(seen), 'sms:status', [], 'not a name; rm -rf');
    expect(seen).toEqual([
      { kind: 'operator', name: 'ada.nakato' },
      { kind: 'operator', name: UNNAMED_OPERATOR },
      { kind: 'operator', name: UNNAMED_OPERATOR },
    ]);
  });
});

describe("the worker's system actor", () => {
  it('names the schedule each pass runs', async () => {
    const seen: unknown[] = [];
    const worker = startWorker(
      [
        {
          name: 'webhook deliveries',
          everyMs: 5,
          run: async () => {
            seen.push(currentActor());
          },
        },
      ],
      pino({ level: 'silent' }),
    );
    await expect.poll(() => seen.length).toBeGreaterThan(0);
    await worker.stop();
    expect(seen[0]).toEqual({ kind: 'system', job: 'webhook deliveries' });
  });
});
