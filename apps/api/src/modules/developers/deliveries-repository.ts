import type { Environment } from '@sente/contracts/constants';
import type { WebhookField } from '@sente/contracts/developers';
import type { WebhookDeliveryStatus, WebhookEventType } from '@sente/contracts/webhook-deliveries';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type Cursor, PAGE_SIZE } from '../../lib/pagination.ts';
import type { WebhookEventsTable } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Collections go to the Collections URL; transfers, settlements, payouts (and anything else) to the Payments URL. */
export const destinationOf = (type: WebhookEventType): WebhookField =>
  type.startsWith('collection.') ? 'collection_url' : 'payment_url';

export type WebhookEventInput = {
  accountId: string;
  environment: Environment;
  type: WebhookEventType;
  data: unknown;
  /** Where it goes; by default where its type goes (destinationOf). */
  destination?: WebhookField;
  /** The collection a `collection.*` event is about: its payment's timeline finds its deliveries by it (migration 033). */
  collectionId?: string;
};

/**
 * Queues an event for delivery. Called in the transaction that makes the change it reports, so the event exists
 * exactly when the change commits: never for a change rolled back, never missing for one made.
 */
export async function queueWebhookEvent(trx: Db, event: WebhookEventInput): Promise<string> {
  const row = await trx
    .insertInto('webhook_events')
    .values({
      account_id: event.accountId,
      environment: event.environment,
      event: event.type,
      payload: JSON.stringify(event.data),
      destination: event.destination ?? destinationOf(event.type),
      collection_id: event.collectionId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A due event claimed for one attempt: `attempts` is this attempt's number, `leaseUntil` the lease it holds. */
export type ClaimedEvent = Pick<
  Selectable<WebhookEventsTable>,
  'id' | 'account_id' | 'environment' | 'event' | 'payload' | 'destination' | 'attempts' | 'created_at'
> & { leaseUntil: string };

/**
 * Claims up to `limit` due pending events in one statement: the rows are locked with FOR UPDATE SKIP LOCKED (rows
 * another worker is claiming at that instant are passed over, not waited for), their attempt count is raised and
 * their next attempt moved to `leaseUntil`, so that no other worker finds them due until the lease runs out. The
 * statement commits at once: the sending happens outside any transaction. `now` is a JavaScript Date, to the
 * millisecond, and an event queued in that same millisecond (the database's default, to the microsecond) is due too.
 */
export async function claimDueEvents(db: Kysely<Database>, now: Date, limit: number, leaseUntil: Date): Promise<ClaimedEvent[]> {
  const lease = leaseUntil.toISOString();
  const { rows } = await sql<Omit<ClaimedEvent, 'leaseUntil'>>`
    with due as (
      select id from webhook_events
       where status = 'pending' and next_attempt_at < ${now.toISOString()}::timestamptz + interval '1 millisecond'
       order by next_attempt_at
       limit ${limit}
       for update skip locked
    )
    update webhook_events e
       set attempts = e.attempts + 1, next_attempt_at = ${lease}::timestamptz, last_attempt_at = ${now.toISOString()}::timestamptz
      from due
     where e.id = due.id
    returning e.id, e.account_id, e.environment, e.event, e.payload, e.destination, e.attempts, e.created_at`.execute(db);
  return rows.map((row) => ({ ...row, leaseUntil: lease }));
}

export type AttemptResult = {
  status: WebhookDeliveryStatus;
  nextAttemptAt: Date;
  responseCode: number | null;
  error: string | null;
};

/**
 * Writes an attempt's result, only while the claim still holds: the same attempt number and lease, still pending.
 * False when it no longer does (the lease ran out and another worker claimed the event, or it was resent meanwhile):
 * the later claim's result is the one that counts.
 */
export async function recordAttempt(db: Kysely<Database>, claim: ClaimedEvent, result: AttemptResult): Promise<boolean> {
  const updated = await db
    .updateTable('webhook_events')
    .set({
      status: result.status,
      next_attempt_at: result.nextAttemptAt,
      last_response_code: result.responseCode,
      last_error: result.error,
      ...(result.status === 'delivered' ? { delivered_at: new Date() } : {}),
    })
    .where('id', '=', claim.id)
    .where('attempts', '=', claim.attempts)
    .where('status', '=', sql.lit('pending'))
    .where('next_attempt_at', '=', sql<Date>`${claim.leaseUntil}::timestamptz`)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

export type DeliveryScope = { accountId: string; environment: Environment };

/**
 * The delivery log as the Web Hooks page lists it: the scope's deliveries, less the 'No URL' ones (skipped) of a
 * destination that still has no URL, which only say that nothing was sent. `unset` names those destinations.
 */
export type DeliveryLog = DeliveryScope & { unset: readonly WebhookField[] };

export type DeliveryRecord = Pick<
  Selectable<WebhookEventsTable>,
  | 'id'
  | 'event'
  | 'destination'
  | 'status'
  | 'attempts'
  | 'last_response_code'
  | 'last_error'
  | 'next_attempt_at'
  | 'delivered_at'
  | 'created_at'
> & { cursor_ts: string };

const DELIVERY_COLUMNS = [
  'id',
  'event',
  'destination',
  'status',
  'attempts',
  'last_response_code',
  'last_error',
  'next_attempt_at',
  'delivered_at',
  'created_at',
] as const;

/** The log's rows: the scope's, without the skipped deliveries of a destination that has no URL. */
function logRows(db: Kysely<Database>, log: DeliveryLog) {
  return db
    .selectFrom('webhook_events')
    .where('account_id', '=', log.accountId)
    .where('environment', '=', log.environment)
    .$if(log.unset.length > 0, (query) =>
      query.where((eb) => eb.not(eb.and([eb('status', '=', sql.lit('skipped')), eb('destination', 'in', log.unset)]))),
    );
}

/** PAGE_SIZE + 1 of the log's deliveries after the cursor, newest first, on webhook_events_page_idx. */
export function deliveriesPage(db: Kysely<Database>, log: DeliveryLog, cursor: Cursor | null): Promise<DeliveryRecord[]> {
  return logRows(db, log)
    .select([...DELIVERY_COLUMNS, sql<string>`created_at::text`.as('cursor_ts')])
    .$if(cursor !== null, (query) =>
      query.where(sql<boolean>`(created_at, id) < (${cursor?.createdAt}::timestamptz, ${cursor?.id}::uuid)`),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PAGE_SIZE + 1)
    .execute();
}

export async function countDeliveries(db: Kysely<Database>, log: DeliveryLog): Promise<number> {
  const row = await logRows(db, log)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/**
 * Makes one of the scope's deliveries due now, whatever its status: pending again, tried by the next worker pass
 * with the same webhook-id. An attempt already out loses its lease, so its result is not written over this.
 * Undefined when the scope has no such delivery.
 */
export async function requeueDelivery(
  db: Kysely<Database>,
  scope: DeliveryScope,
  id: string,
): Promise<DeliveryRecord | undefined> {
  return db
    .updateTable('webhook_events')
    .set({ status: 'pending', next_attempt_at: new Date() })
    .where('id', '=', id)
    .where('account_id', '=', scope.accountId)
    .where('environment', '=', scope.environment)
    .returning([...DELIVERY_COLUMNS, sql<string>`created_at::text`.as('cursor_ts')])
    .executeTakeFirst();
}

export function findDeliveries(db: Kysely<Database>, ids: string[]): Promise<DeliveryRecord[]> {
  return db
    .selectFrom('webhook_events')
    .select([...DELIVERY_COLUMNS, sql<string>`created_at::text`.as('cursor_ts')])
    .where('id', 'in', ids)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
