import { randomBytes } from 'node:crypto';
import type { Environment } from '@sente/contracts/constants';
import { containsPattern, SEARCH_GROUP_SIZE } from '@sente/contracts/filters';
import type { LinkKind } from '@sente/contracts/links';
import { type ExpressionBuilder, type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type Cursor, PAGE_SIZE } from '../../lib/pagination.ts';
import type { LinksTable } from './tables.ts';

/** Whose links a query may touch: every query filters by the account; totals follow its environment. */
export type LinkScope = { accountId: string; environment: Environment };

export type LinkValues = Omit<
  Insertable<LinksTable>,
  'id' | 'account_id' | 'kind' | 'ref' | 'created_by' | 'created_at' | 'updated_at' | 'is_disabled' | 'is_hidden'
>;

const REF_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const REF_LENGTH = 10;
const REF_ATTEMPTS = 5;

/** 10 lowercase letters and digits (about 52 bits): short, URL-safe, case-proof when read aloud or typed. */
export function generateRef(): string {
  let ref = '';
  while (ref.length < REF_LENGTH) {
    for (const byte of randomBytes(REF_LENGTH * 2)) {
      // 252 = 7 * 36: bytes above it are dropped so every character is equally likely.
      if (byte < 252 && ref.length < REF_LENGTH) ref += REF_ALPHABET[byte % REF_ALPHABET.length];
    }
  }
  return ref;
}

/**
 * The sum of the link's successful collections in the account's active environment, read from
 * link_totals (kept in the same transaction as each successful collection, so a list never sums rows).
 */
function collectionsTotal(environment: Environment) {
  return sql<string>`coalesce((select successful_total from link_totals where link_totals.link_id = links.id and link_totals.environment = ${environment}), 0)`.as(
    'collections_total',
  );
}

/**
 * The name a stored file had on the uploader's computer (files.path is unique), or null for none. Only digital items
 * answer these names, so the other kinds skip the two look-ups per row.
 */
function originalName<A extends string>(kind: LinkKind, column: 'links.image' | 'links.file', as: A) {
  const name =
    kind === 'digital_item'
      ? sql<string | null>`(select files.original_name from files
    where files.path = ${sql.ref(column)} and files.account_id = links.account_id)`
      : sql<string | null>`null`;
  return name.as(as);
}

/**
 * Every column a link answer needs, the keyset cursor's exact timestamp text, the collections total, and the original
 * names of the image and file, which an edit form shows instead of the generated storage names.
 */
function linkSelection(environment: Environment, kind: LinkKind) {
  return (_eb: ExpressionBuilder<Database, 'links'>) =>
    [
      'links.id',
      'links.kind',
      'links.ref',
      'links.title',
      'links.description',
      'links.amount',
      'links.fixed_amount',
      'links.original_price',
      'links.type',
      'links.category',
      'links.beneficiary',
      'links.image',
      'links.file',
      'links.extra_fields',
      'links.redirect_url',
      'links.seller_note',
      'links.buyer_note',
      'links.is_disabled',
      'links.created_at',
      // NOTE: PostgreSQL's own text keeps microseconds, which a JavaScript Date would drop (lib/pagination.ts).
      sql<string>`links.created_at::text`.as('cursor_ts'),
      collectionsTotal(environment),
      originalName(kind, 'links.image', 'image_name'),
      originalName(kind, 'links.file', 'file_name'),
    ] as const;
}

/** The visible links of one kind of the account: the prefix the list index links_account_kind_page_idx covers. */
function visible(db: Kysely<Database>, scope: LinkScope, kind: LinkKind) {
  return (
    db
      .selectFrom('links')
      .where('links.account_id', '=', scope.accountId)
      .where('links.kind', '=', kind)
      // A literal, not a parameter, so the planner can match the partial index (where is_hidden = false).
      .where('links.is_hidden', '=', sql.lit(false))
  );
}

/** Inserts a link under a fresh ref; a ref already taken by any link of any kind is drawn again. */
export async function insert(db: Kysely<Database>, scope: LinkScope, kind: LinkKind, createdBy: string, values: LinkValues) {
  for (let attempt = 0; attempt < REF_ATTEMPTS; attempt++) {
    const row = await db
      .insertInto('links')
      .values({ ...values, account_id: scope.accountId, kind, ref: generateRef(), created_by: createdBy })
      .onConflict((oc) => oc.column('ref').doNothing())
      .returning(linkSelection(scope.environment, kind))
      .executeTakeFirst();
    if (row) return row;
  }
  throw new Error(`no free link ref after ${REF_ATTEMPTS} attempts`);
}

/** Updates a visible link of the account; undefined when it is not one. */
export function update(db: Kysely<Database>, scope: LinkScope, kind: LinkKind, id: string, values: Updateable<LinksTable>) {
  return db
    .updateTable('links')
    .set({ ...values, updated_at: new Date() })
    .where('links.id', '=', id)
    .where('links.account_id', '=', scope.accountId)
    .where('links.kind', '=', kind)
    .where('links.is_hidden', '=', false)
    .returning(linkSelection(scope.environment, kind))
    .executeTakeFirst();
}

export function findByRef(db: Kysely<Database>, scope: LinkScope, kind: LinkKind, ref: string) {
  return visible(db, scope, kind).select(linkSelection(scope.environment, kind)).where('links.ref', '=', ref).executeTakeFirst();
}

/** Hides or shows again a link of the account (hidden ones included); false when it is not the account's. */
export async function setHidden(
  db: Kysely<Database>,
  scope: LinkScope,
  kind: LinkKind,
  id: string,
  hidden: boolean,
): Promise<boolean> {
  const row = await db
    .updateTable('links')
    .set({ is_hidden: hidden, updated_at: new Date() })
    .where('id', '=', id)
    .where('account_id', '=', scope.accountId)
    .where('kind', '=', kind)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * One page, newest first: PAGE_SIZE + 1 rows after the cursor (the extra row says another page exists). Each row
 * also carries the list's total from `link_counts`, so a page costs one round trip to the database, not two.
 */
export function listPage(db: Kysely<Database>, scope: LinkScope, kind: LinkKind, cursor: Cursor | null) {
  let query = visible(db, scope, kind)
    .select(linkSelection(scope.environment, kind))
    .select((eb) =>
      eb
        .selectFrom('link_counts')
        .select('link_counts.total')
        .where('link_counts.account_id', '=', scope.accountId)
        .where('link_counts.kind', '=', kind)
        .as('list_total'),
    );
  if (cursor) {
    query = query.where(sql<boolean>`(links.created_at, links.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`);
  }
  return query
    .orderBy('links.created_at', 'desc')
    .orderBy('links.id', 'desc')
    .limit(PAGE_SIZE + 1)
    .execute();
}

/** The list's total alone (for a page with no rows), read from `link_counts`; an account with none has no row. */
export async function count(db: Kysely<Database>, scope: LinkScope, kind: LinkKind): Promise<number> {
  const row = await db
    .selectFrom('link_counts')
    .select('total')
    .where('account_id', '=', scope.accountId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

export type LinkRecord = NonNullable<Awaited<ReturnType<typeof findByRef>>>;

/** The account's links (any kind; links belong to the account, not to an environment) whose title holds q or whose ref is q. */
export const searchLinks = (db: Kysely<Database>, scope: LinkScope, q: string) =>
  db
    .selectFrom('links')
    .select(['ref', 'kind', 'title'])
    .where('account_id', '=', scope.accountId)
    .where((eb) => eb.or([eb('title', 'ilike', containsPattern(q)), eb('ref', '=', q)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(SEARCH_GROUP_SIZE)
    .execute();
