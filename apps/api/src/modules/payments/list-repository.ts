import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type MoneyScope, readCounter } from '../../lib/money-scope.ts';
import { type Cursor, PAGE_SIZE } from '../../lib/pagination.ts';
import { type CollectionsWhere, collectionsCondition } from './filter.ts';

const after = (table: 'collections', cursor: Cursor | null) =>
  cursor
    ? sql<boolean>`(${sql.ref(`${table}.created_at`)}, ${sql.ref(`${table}.id`)}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
    : sql<boolean>`true`;

function collectionsOf(db: Kysely<Database>, scope: MoneyScope) {
  return db
    .selectFrom('collections')
    .leftJoin('links', 'links.id', 'collections.link_id')
    .where('collections.account_id', '=', scope.accountId)
    .where('collections.environment', '=', scope.environment);
}

const collectionColumns = [
  'collections.id',
  'collections.created_at',
  'collections.msisdn',
  'collections.card_last4',
  'collections.names',
  'collections.email',
  'collections.currency',
  'collections.amount',
  'collections.fee',
  'collections.channel',
  'collections.transaction_id',
  'collections.status',
  'collections.amount_refunded',
  'collections.amount_refund_pending',
  'collections.extra_data',
  'links.ref as link_ref',
  'links.kind as link_kind',
  'links.title as link_title',
  sql<string>`collections.created_at::text`.as('cursor_ts'),
] as const;

/**
 * PAGE_SIZE + 1 collections after the cursor that match the filters, newest first: on collections_page_idx, or the
 * index of the filter given (migration 031).
 */
export function collectionsPage(
  db: Kysely<Database>,
  scope: MoneyScope,
  cursor: Cursor | null,
  limit = PAGE_SIZE + 1,
  where: CollectionsWhere = {},
) {
  return collectionsOf(db, scope)
    .select(collectionColumns)
    .where(collectionsCondition(scope, where))
    .where(after('collections', cursor))
    .orderBy('collections.created_at', 'desc')
    .orderBy('collections.id', 'desc')
    .limit(limit)
    .execute();
}

/** One collection of the scope by its id, as the list shows it and with what its view adds. */
export function findScopedCollection(db: Kysely<Database>, scope: MoneyScope, id: string) {
  return collectionsOf(db, scope)
    .select(collectionColumns)
    .select([
      'collections.status_message',
      'collections.provider_reference',
      'collections.reference',
      'collections.completed_at',
      'collections.environment',
      'collections.receipt_code',
    ])
    .where('collections.id', '=', id)
    .executeTakeFirst();
}

export const countCollections = (db: Kysely<Database>, scope: MoneyScope) => readCounter(db, 'collection_counts', scope);

/** One link of the account, any kind, with its total in the environment. */
export function linkForLive(db: Kysely<Database>, scope: MoneyScope, ref: string) {
  return db
    .selectFrom('links')
    .select([
      'links.id',
      'links.ref',
      'links.title',
      'links.kind',
      'links.extra_fields',
      sql<string>`coalesce((select successful_total from link_totals t where t.link_id = links.id and t.environment = ${scope.environment}), 0)`.as(
        'total',
      ),
      sql<number>`coalesce((select successful_count from link_totals t where t.link_id = links.id and t.environment = ${scope.environment}), 0)`.as(
        'successful_count',
      ),
    ])
    .where('links.account_id', '=', scope.accountId)
    .where('links.ref', '=', ref)
    .executeTakeFirst();
}

/** One link's collections after the cursor, newest first (the live page and its export), on collections_link_idx. */
export function linkCollectionsPage(
  db: Kysely<Database>,
  scope: MoneyScope,
  linkId: string,
  cursor: Cursor | null,
  limit = PAGE_SIZE + 1,
) {
  return collectionsOf(db, scope)
    .select(collectionColumns)
    .where('collections.link_id', '=', linkId)
    .where(after('collections', cursor))
    .orderBy('collections.created_at', 'desc')
    .orderBy('collections.id', 'desc')
    .limit(limit)
    .execute();
}

export async function countLinkCollections(db: Kysely<Database>, scope: MoneyScope, linkId: string): Promise<number> {
  const { total } = await db
    .selectFrom('collections')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('link_id', '=', linkId)
    .where('environment', '=', scope.environment)
    .executeTakeFirstOrThrow();
  return Number(total);
}

export type CollectionListRecord = Awaited<ReturnType<typeof collectionsPage>>[number];
