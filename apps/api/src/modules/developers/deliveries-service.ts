import type { Page } from '@sente/contracts/api';
import { WEBHOOK_LABELS, type WebhookField, type WebhookUrls } from '@sente/contracts/developers';
import { LINK_MESSAGES } from '@sente/contracts/messages';
import {
  WEBHOOK_DELIVERY_MESSAGES as M,
  TEST_EVENT_TYPE,
  WEBHOOK_API_VERSION,
  type WebhookDelivery,
  type WebhookEventBody,
  type WebhookEventType,
} from '@sente/contracts/webhook-deliveries';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { Webhook } from 'standardwebhooks';
import type { Database } from '../../db/database.ts';
import { drainDue } from '../../lib/due-work.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { decodeCursor, toPage } from '../../lib/pagination.ts';
import type { AddressLookup } from '../../lib/public-address.ts';
import type { Secrets } from '../../lib/secrets.ts';
import { readWebhookSettings } from './api-keys.ts';
import {
  type AttemptResult,
  type ClaimedEvent,
  claimDueEvents,
  countDeliveries,
  type DeliveryRecord,
  type DeliveryScope,
  deliveriesPage,
  findDeliveries,
  queueWebhookEvent,
  recordAttempt,
  requeueDelivery,
} from './deliveries-repository.ts';
import { findWebhookUrls } from './repository.ts';
import { nextAttemptAt } from './retry-schedule.ts';
import { postSigned } from './webhook-sender.ts';
import { checkWebhookTarget, targetRefusal } from './webhook-target.ts';

type Deps = {
  db: Kysely<Database>;
  secrets: Pick<Secrets, 'keysSecret' | 'keyLookupSecret'>;
  logger: Logger;
  allowPrivateWebhooks: boolean;
  /** How long a receiver has to answer (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  /** Events claimed and sent at once by a pass (WEBHOOK_WORKER_BATCH_SIZE). */
  batchSize: number;
  /** The resolver of webhook hosts; the system's by default. */
  lookup?: AddressLookup;
};

type Settings = WebhookUrls & { signingSecret: string | null };

/**
 * How far a claim pushes an event's next attempt: past the longest an attempt can take (the host lookup, up to 5 s,
 * then the send, up to the timeout) with a wide margin, so no other worker claims it while this one is still sending.
 */
const LEASE_MARGIN_MS = 60_000;

const LIST_SCOPE = 'webhook_deliveries';
const iso = (at: Date | string) => new Date(at).toISOString();

function toDelivery(row: DeliveryRecord): WebhookDelivery {
  return {
    id: row.id,
    type: row.event,
    destination: row.destination,
    status: row.status,
    attempts: row.attempts,
    last_response_code: row.last_response_code,
    last_error: row.last_error,
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
    delivered_at: row.delivered_at ? iso(row.delivered_at) : null,
    created_at: iso(row.created_at),
  };
}

/**
 * Decision 025: delivering the queued webhook events (Standard Webhooks), and the delivery log of the Web Hooks page. Any
 * number of processes may run `deliverDue` over one database: each attempt is claimed by exactly one of them.
 */
export function createWebhookDeliveries({ db, secrets, logger, allowPrivateWebhooks, timeoutMs, batchSize, lookup }: Deps) {
  const targetOptions = { allowPrivate: allowPrivateWebhooks, ...(lookup ? { lookup } : {}) };

  /** One attempt of a claimed event: what to write, whatever happened (the result of a failure says when to retry). */
  async function attempt(event: ClaimedEvent, settings: Settings, now: Date): Promise<AttemptResult> {
    const failed = (responseCode: number | null, error: string): AttemptResult => {
      const next = nextAttemptAt(event.created_at, event.attempts, now);
      return { status: next ? 'pending' : 'failed', nextAttemptAt: next ?? now, responseCode, error };
    };
    const url = settings[event.destination];
    if (url === null) {
      return { status: 'skipped', nextAttemptAt: now, responseCode: null, error: M.noUrlSet(WEBHOOK_LABELS[event.destination]) };
    }
    if (settings.signingSecret === null) return failed(null, M.signingKeyUnreadable);
    // Checked again at every attempt: the name may resolve elsewhere since the URL was saved, or the account went live.
    const target = await checkWebhookTarget(url, event.environment, targetOptions);
    if (!target.ok) return failed(null, targetRefusal(event.destination, target));

    const body: WebhookEventBody = {
      id: event.id,
      type: event.event as WebhookEventType,
      environment: event.environment,
      created_at: iso(event.created_at),
      api_version: WEBHOOK_API_VERSION,
      data: event.payload,
    };
    const payload = JSON.stringify(body);
    // Signed afresh at every attempt: the same webhook-id, a new timestamp, so the receiver's freshness check passes.
    const sentAt = new Date();
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Sente-Webhooks/1.0',
      'webhook-id': event.id,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': new Webhook(settings.signingSecret).sign(event.id, sentAt, payload),
    };
    const outcome = await postSigned(target, headers, payload, timeoutMs);
    if (outcome.status === null) return failed(null, outcome.error);
    if (outcome.status >= 200 && outcome.status < 300) {
      return { status: 'delivered', nextAttemptAt: now, responseCode: outcome.status, error: null };
    }
    return failed(outcome.status, `Answered ${outcome.status}`);
  }

  /** Attempts one claimed event and writes the result; answers whether it was delivered. */
  async function deliver(event: ClaimedEvent, settingsOf: (accountId: string) => Promise<Settings>, now: Date) {
    const result = await attempt(event, await settingsOf(event.account_id), now);
    await recordAttempt(db, event, result);
    return result.status === 'delivered';
  }

  /** A delivery whose attempt threw (already logged): written as failed, and tried again on the webhook schedule. */
  function retryLater(event: ClaimedEvent, now: Date) {
    const next = nextAttemptAt(event.created_at, event.attempts, now);
    return recordAttempt(db, event, {
      status: next ? 'pending' : 'failed',
      nextAttemptAt: next ?? now,
      responseCode: null,
      error: M.notDelivered,
    });
  }

  return {
    /**
     * One pass of the webhook worker: claims up to `batchSize` due events, sends them at once, writes each result,
     * and goes on while batches come full, until none is due or `signal` says the server is stopping. Answers how
     * many events it attempted and how many were delivered.
     */
    async deliverDue(signal?: AbortSignal): Promise<{ attempted: number; delivered: number }> {
      let delivered = 0;
      // Each account's URLs and signing secret are read once per batch, however many of its events the batch holds.
      let settings = new Map<string, Promise<Settings>>();
      const settingsOf = (accountId: string) => {
        let found = settings.get(accountId);
        if (!found) {
          found = readWebhookSettings(db, secrets, accountId);
          settings.set(accountId, found);
        }
        return found;
      };
      const attempted = await drainDue<ClaimedEvent>(
        {
          what: 'webhook delivery attempt',
          idField: 'webhookEventId',
          batchSize,
          leaseMs: timeoutMs + LEASE_MARGIN_MS,
          batch: 'together',
          claim: (limit, { now, leaseUntil }) => {
            settings = new Map();
            return claimDueEvents(db, now, limit, leaseUntil);
          },
          apply: async (event, { now }) => {
            if (await deliver(event, settingsOf, now)) delivered += 1;
          },
          retry: (event, { now }) => retryLater(event, now),
        },
        logger,
        signal ? { signal } : {},
      );
      return { attempted, delivered };
    },

    /**
     * GET /api/webhook/deliveries: the scope's deliveries, newest first, paged as every dashboard list is. A 'No URL'
     * delivery (skipped) is listed only once its destination has a URL: before any URL is set, the log would fill with
     * rows that only say nothing was sent, and the page says that once instead.
     */
    async list(scope: DeliveryScope, cursorValue: string | undefined): Promise<Page<WebhookDelivery>> {
      const cursor = cursorValue === undefined ? null : decodeCursor(cursorValue);
      if (cursor && cursor.scope !== LIST_SCOPE) throw badRequest(LINK_MESSAGES.invalidCursor);
      const urls = await findWebhookUrls(db, scope.accountId);
      const log = { ...scope, unset: (Object.keys(WEBHOOK_LABELS) as WebhookField[]).filter((field) => urls[field] === null) };
      const [rows, total] = await Promise.all([deliveriesPage(db, log, cursor), countDeliveries(db, log)]);
      return toPage(rows, total, LIST_SCOPE, toDelivery);
    },

    /** POST /api/webhook/deliveries/:id/resend: the delivery is tried again at once, with the same webhook-id. */
    async resend(scope: DeliveryScope, id: string): Promise<WebhookDelivery> {
      const row = isUuid(id) ? await requeueDelivery(db, scope, id) : undefined;
      if (!row) throw notFound(M.deliveryNotFound);
      return toDelivery(row);
    },

    /**
     * POST /api/webhook/test-event: a `test.event` for each URL that is set, each its own delivery with its own
     * webhook-id, so the merchant sees that both endpoints receive and verify. None set is a 400.
     */
    async sendTestEvent(scope: DeliveryScope): Promise<WebhookDelivery[]> {
      const urls = await findWebhookUrls(db, scope.accountId);
      const destinations = (Object.keys(WEBHOOK_LABELS) as WebhookField[]).filter((field) => urls[field] !== null);
      if (destinations.length === 0) throw badRequest(M.noUrlForTestEvent);
      const ids = await db.transaction().execute(async (trx) => {
        const queued: string[] = [];
        for (const destination of destinations) {
          queued.push(
            await queueWebhookEvent(trx, {
              accountId: scope.accountId,
              environment: scope.environment,
              type: TEST_EVENT_TYPE,
              data: { message: M.testEventData },
              destination,
            }),
          );
        }
        return queued;
      });
      return (await findDeliveries(db, ids)).map(toDelivery);
    },
  };
}

export type WebhookDeliveries = ReturnType<typeof createWebhookDeliveries>;
