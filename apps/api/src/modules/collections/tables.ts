import type { CollectionEventKind } from '@sente/contracts/collection-events';
import type { ColumnType, Generated } from 'kysely';

/** The kinds written to collection_events: a webhook delivery is read from its webhook_events row. */
export type RecordedEventKind = Exclude<CollectionEventKind, 'webhook_delivery'>;

/** One step of a payment's timeline (migration 033). */
export interface CollectionEventsTable {
  id: Generated<string>;
  collection_id: string;
  kind: RecordedEventKind;
  detail: string | null;
  ok: boolean | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
