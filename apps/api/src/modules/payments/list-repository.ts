import type { Currency } from '@sente/contracts/constants';
import { FILTER_COUNT_CAP, searchedPhone, TEXT_SEARCH_COUNT_CAP } from '@sente/contracts/filters';
import { type Kysely, sql, type Transaction } from 'kysely';
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

/**
 * How many collections match, counted up to the cap + 1 (decision 051): the count reads at most that many index
 * entries (rows, with a part of a name to look for: TEXT_SEARCH_COUNT_CAP), so it stays quick whatever the filter
 * matches. `capped` when there are more than the cap.
 * NOTE: ordered as the page is, so that PostgreSQL counts on the filter's own index, which holds every column it
 * reads (an index-only scan), rather than on a smaller partial index (the workers' pending ones) that sends each of
 * 10,001 rows to the table.
 */
export async function countFilteredCollections(db: Kysely<Database>, scope: MoneyScope, where: CollectionsWhere) {
  const cap = where.q && !searchedPhone(where.q) ? TEXT_SEARCH_COUNT_CAP : FILTER_COUNT_CAP;
  const { rows } = await sql<{ total: string }>`select count(*) as total from (
      select 1 from collections
      where collections.account_id = ${scope.accountId} and collections.environment = ${scope.environment}
        and ${collectionsCondition(scope, where)}
      order by collections.created_at desc, collections.id desc
      limit ${cap + 1}) matched`.execute(db);
  const total = Number(rows[0]?.total ?? 0);
  return { total: Math.min(total, cap), capped: total > cap };
}

/**
 * What the filter's successful payments brought in, less their paid refunds (decision 073), per currency: read
 * from the rows that match, at most the count's cap of them, so only once the count found no more than that.
 */
export async function receivedByFilter(db: Kysely<Database>, scope: MoneyScope, where: CollectionsWhere) {
  const cap = where.q && !searchedPhone(where.q) ? TEXT_SEARCH_COUNT_CAP : FILTER_COUNT_CAP;
  const { rows } = await sql<{
    currency: Currency;
    amount: string;
  }>`select currency, sum(amount - amount_refunded)::text as amount
    from (select collections.currency, collections.amount, collections.amount_refunded from collections
          where collections.account_id = ${scope.accountId} and collections.environment = ${scope.environment}
            and collections.status = 'successful' and ${collectionsCondition(scope, where)}
          order by collections.created_at desc, collections.id desc
          limit ${cap + 1}) matched
    group by currency order by currency desc`.execute(db);
  return rows.map((row) => ({ currency: row.currency, amount: Number(row.amount) }));
}

/** A collection by its id, locked for the transaction. */
export function lockCollection(trx: Transaction<Database>, id: string) {
  return trx.selectFrom('collections').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
}
