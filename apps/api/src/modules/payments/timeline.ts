import { COLLECTION_EVENT_KINDS, type CollectionEventKind } from '@sente/contracts/collection-events';
import { WEBHOOK_LABELS } from '@sente/contracts/developers';
import type { CollectionEvent } from '@sente/contracts/payments-answers';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ProviderReport } from '../money/providers/provider.ts';
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

/** A payment's receipt is sent again at most this often (POST /api/collections/:id/resend-receipt): a payer is not spammed. */
export const RECEIPT_RESEND_SECONDS = 60;

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

/** What a provider's status answer said, for the timeline: its status, and a failure's message or a mismatch's detail. */
function reportDetail(report: ProviderReport): { detail: string; ok: boolean | null } {
  switch (report.status) {
    case 'successful':
      return { detail: 'successful', ok: true };
    case 'failed':
      return { detail: `failed: ${report.message}`, ok: false };
    case 'mismatch':
      return { detail: `${report.reported}, not applied: ${report.detail}`, ok: false };
    default:
      return { detail: report.status, ok: null };
  }
}

/**
 * A live provider's word on a payment as a step of its timeline: the reconciler's `provider_answer` or a `callback`,
 * with what the provider said when asked (nothing when it cannot be asked). Handed to money's provider reports, which
 * record the step without knowing the timeline.
 */
export function recordProviderStep(
  db: Db,
  collectionId: string,
  kind: 'provider_answer' | 'callback',
  report: ProviderReport | null,
): Promise<void> {
  return recordCollectionEvent(db, { collectionId, kind, ...(report ? reportDetail(report) : {}) });
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The order of kinds at the same instant: the order a payment goes through them. */
const rank = (kind: CollectionEventKind) => COLLECTION_EVENT_KINDS.indexOf(kind);

type TimelineRow = {
  id: string;
  status: string;
  status_message: string | null;
  created_at: Date | string;
  completed_at: Date | string | null;
};

/**
 * A collection's timeline, oldest first: its recorded events (collection_events_collection_idx) and its `collection.*`
 * webhook deliveries (webhook_events_collection_idx), each at its last attempt (or when it was queued, never tried),
 * saying the event, where it went (the URL set now, or the field's name when none is) and the HTTP status or error.
 * A collection made before its events were recorded (migration 033) has none: its creation and its outcome are read
 * from the row.
 */
export async function collectionTimeline(db: Kysely<Database>, collection: TimelineRow, accountId: string) {
  const [recorded, deliveries] = await Promise.all([
    db
      .selectFrom('collection_events')
      .select(['kind', 'detail', 'ok', 'created_at'])
      .where('collection_id', '=', collection.id)
      .orderBy('created_at')
      .execute(),
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
      .where('webhook_events.collection_id', '=', collection.id)
      .where('webhook_events.account_id', '=', accountId)
      .orderBy('webhook_events.created_at')
      .execute(),
  ]);
  const events: CollectionEvent[] = recorded.map((row) => ({
    at: iso(row.created_at),
    kind: row.kind,
    detail: row.detail,
    ok: row.ok,
  }));
  if (recorded.length === 0) {
    events.push({ at: iso(collection.created_at), kind: 'created', detail: null, ok: null });
    if (collection.completed_at && collection.status !== 'pending') {
      const settled = collection.status === 'successful';
      events.push({
        at: iso(collection.completed_at),
        kind: settled ? 'settled' : 'failed',
        detail: settled ? null : collection.status_message,
        ok: settled,
      });
    }
  }
  for (const row of deliveries) {
    const url = row.destination === 'collection_url' ? row.collection_url : row.payment_url;
    const where = `${row.event} to ${url ?? WEBHOOK_LABELS[row.destination]}`;
    const said = row.last_response_code !== null ? `HTTP ${row.last_response_code}` : row.last_error;
    events.push({
      at: iso(row.last_attempt_at ?? row.created_at),
      kind: 'webhook_delivery',
      detail: said ? `${where} : ${said}` : where,
      ok: row.status === 'delivered' ? true : row.status === 'skipped' || row.attempts === 0 ? null : false,
    });
  }
  return events.sort((a, b) => a.at.localeCompare(b.at) || rank(a.kind) - rank(b.kind));
}
