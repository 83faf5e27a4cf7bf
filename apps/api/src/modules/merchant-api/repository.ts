import type { CollectionsQuery } from '@sente/contracts/merchant-api';
import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import { jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Database } from '../../db/database.ts';
import type { MoneyScope } from '../../lib/money-scope.ts';
import { type Cursor, PAGE_SIZE } from '../../lib/pagination.ts';
import { PAYOUT_KINDS } from '../money/disbursements.ts';
import { amountRefunded, amountRefundPending } from '../payments/refunds/repository.ts';

/** What a list of collections is narrowed by: the query without its cursor. */
export type CollectionFilters = Omit<CollectionsQuery, 'cursor'>;

const COLLECTION_COLUMNS = [
  'id',
  'status',
  'amount',
  'fee',
  'channel',
  'msisdn',
  'names',
  'email',
  'extra_data',
  'link_id',
  'reference',
  'metadata',
  'currency',
  'transaction_id',
  'status_message',
  'environment',
  'created_at',
  'completed_at',
] as const;

/** The payment page of a collection, as it is now: one primary-key lookup per row, null for an API collection. */
const linkOf = (eb: ExpressionBuilder<Database, 'collections'>) =>
  jsonObjectFrom(
    eb
      .selectFrom('links')
      .select(['links.id', 'links.ref', 'links.kind', 'links.title'])
      .whereRef('links.id', '=', 'collections.link_id'),
  ).as('link');

const collectionsOf = (db: Kysely<Database>, scope: MoneyScope) =>
  db.selectFrom('collections').where('account_id', '=', scope.accountId).where('environment', '=', scope.environment);

function narrowed<O>(query: SelectQueryBuilder<Database, 'collections', O>, filters: CollectionFilters) {
  const { status, reference, from, to } = filters;
  return query
    .$if(status !== undefined, (q) => q.where('status', '=', status!))
    .$if(reference !== undefined, (q) => q.where('reference', '=', reference!))
    .$if(from !== undefined, (q) => q.where('created_at', '>=', from!.at))
    .$if(to !== undefined, (q) => q.where('created_at', to!.inclusive ? '<=' : '<', to!.at));
}

/** One collection of the key's account and environment; another's id finds nothing. */
export function findCollection(db: Kysely<Database>, scope: MoneyScope, id: string) {
  return collectionsOf(db, scope)
    .select([...COLLECTION_COLUMNS, linkOf, amountRefunded, amountRefundPending])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** PAGE_SIZE + 1 collections after the cursor, newest first, on collections_page_idx (or the reference index). */
export function collectionsPage(db: Kysely<Database>, scope: MoneyScope, filters: CollectionFilters, cursor: Cursor | null) {
  return narrowed(
    collectionsOf(db, scope).select([
      ...COLLECTION_COLUMNS,
      linkOf,
      amountRefunded,
      amountRefundPending,
      sql<string>`created_at::text`.as('cursor_ts'),
    ]),
    filters,
  )
    .$if(cursor !== null, (q) =>
      q.where(sql<boolean>`(created_at, id) < (${cursor!.createdAt}::timestamptz, ${cursor!.id}::uuid)`),
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PAGE_SIZE + 1)
    .execute();
}

/** How many collections match the filters, counted over the account's index range. */
export async function countMatching(db: Kysely<Database>, scope: MoneyScope, filters: CollectionFilters): Promise<number> {
  const row = await narrowed(
    collectionsOf(db, scope).select((eb) => eb.fn.countAll<string>().as('total')),
    filters,
  ).executeTakeFirstOrThrow();
  return Number(row.total);
}

/** One payout of the key's account and environment, whoever asked for it (a member, an API key, or a batch's row). */
export function findPayout(db: Kysely<Database>, scope: MoneyScope, id: string) {
  return db
    .selectFrom('transfers')
    .select([
      'id',
      'status',
      'amount',
      'charge',
      'currency',
      'payout_msisdn',
      'reason',
      'failure_reason',
      'batch_id',
      'environment',
      'created_at',
      'completed_at',
    ])
    .where('account_id', '=', scope.accountId)
    .where('environment', '=', scope.environment)
    .where('kind', 'in', PAYOUT_KINDS)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function isApproved(db: Kysely<Database>, accountId: string): Promise<boolean> {
  const row = await db.selectFrom('accounts').select('is_approved').where('id', '=', accountId).executeTakeFirst();
  return row?.is_approved === true;
}
