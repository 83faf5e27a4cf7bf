import { COLLECTION_EVENT_KINDS, type CollectionEventKind } from '@sente/contracts/collection-events';
import { WEBHOOK_LABELS } from '@sente/contracts/developers';
import type { CollectionEvent } from '@sente/contracts/payments-answers';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { ProviderReport } from '../money/providers/provider.ts';
import { collectionDeliveries, recordCollectionEvent, recordedEvents } from './timeline-repository.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** A payment's receipt is sent again at most this often (POST /api/collections/:id/resend-receipt): a payer is not spammed. */
export const RECEIPT_RESEND_SECONDS = 60;

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
    recordedEvents(db, collection.id),
    collectionDeliveries(db, collection.id, accountId),
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
