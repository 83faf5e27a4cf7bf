import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { RecordedEventKind } from './tables.ts';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Writes one step of a payment's timeline, where it happens: in the transaction of the change it records when there is
 * one, so a step exists exactly when its change committed. It never reads or changes the collection.
 */
export async function recordCollectionEvent(
  db: Db,
  event: { collectionId: string; kind: RecordedEventKind; detail?: string | null; ok?: boolean | null },
): Promise<void> {
  await db
    .insertInto('collection_events')
    .values({ collection_id: event.collectionId, kind: event.kind, detail: event.detail ?? null, ok: event.ok ?? null })
    .execute();
}

/**
 * Whole seconds since the payment's last receipt that went or is going (automatic or sent again), by the database's
 * clock; null when none did. A failed mail does not count; one still being sent (ok null, `claimReceipt`) does.
 */
export async function secondsSinceLastReceipt(db: Db, collectionId: string): Promise<number | null> {
  const row = await db
    .selectFrom('collection_events')
    .select(sql<string>`floor(extract(epoch from (clock_timestamp() - max(created_at))))`.as('seconds'))
    .where('collection_id', '=', collectionId)
    .where('kind', '=', 'receipt_sent')
    .where((eb) => eb.or([eb('ok', '=', true), eb('ok', 'is', null)]))
    .executeTakeFirst();
  return row?.seconds == null ? null : Number(row.seconds);
}

/**
 * A receipt about to be sent again, recorded before it goes (ok null) in the transaction that decided it may go, so the
 * payment's row lock is not held while the mail is sent; `receiptOutcome` records how it went. Answers the step's id.
 */
export async function claimReceipt(trx: Transaction<Database>, collectionId: string, email: string): Promise<string> {
  const row = await trx
    .insertInto('collection_events')
    .values({ collection_id: collectionId, kind: 'receipt_sent', detail: email, ok: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** How a receipt claimed with `claimReceipt` went. */
export async function receiptOutcome(db: Db, eventId: string, sent: boolean): Promise<void> {
  await db.updateTable('collection_events').set({ ok: sent }).where('id', '=', eventId).execute();
}

/** A payment's recorded steps, oldest first (collection_events_collection_idx). */
export const recordedEvents = (db: Kysely<Database>, collectionId: string) =>
  db
    .selectFrom('collection_events')
    .select(['kind', 'detail', 'ok', 'created_at'])
    .where('collection_id', '=', collectionId)
    .orderBy('created_at')
    .execute();

/**
 * A payment's `collection.*` webhook deliveries of the account, oldest first (webhook_events_collection_idx), each with
 * the account's webhook URLs as set now.
 */
export const collectionDeliveries = (db: Kysely<Database>, collectionId: string, accountId: string) =>
  db
    .selectFrom('webhook_events')
    .leftJoin('webhooks', 'webhooks.account_id', 'webhook_events.account_id')
    .select([
      'webhook_events.event',
      'webhook_events.destination',
      'webhook_events.status',
      'webhook_events.attempts',
      'webhook_events.last_response_code',
      'webhook_events.last_error',
      'webhook_events.last_attempt_at',
      'webhook_events.created_at',
      'webhooks.collection_url',
      'webhooks.payment_url',
    ])
    .where('webhook_events.collection_id', '=', collectionId)
    .where('webhook_events.account_id', '=', accountId)
    .orderBy('webhook_events.created_at')
    .execute();
