import type { Environment } from '@sente/contracts/constants';
import type { ExtraDataEntry } from '@sente/contracts/payments';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PaymentOutcome } from '../money/outcomes.ts';
import type { ChargeAccepted } from '../money/providers/provider.ts';
import type { CollectionsTable } from './tables.ts';

/** A link as its public page needs it, with its merchant and the environment a payment would be taken in. */
export function findPublicLink(db: Kysely<Database>, ref: string) {
  return db
    .selectFrom('links')
    .innerJoin('accounts', 'accounts.id', 'links.account_id')
    .select([
      'links.id',
      'links.account_id',
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
      'links.buyer_note',
      'links.is_disabled',
      'links.is_hidden',
      'accounts.account_name',
      'accounts.company_logo',
      'accounts.active_environment',
      sql<string>`coalesce((select successful_total from link_totals t where t.link_id = links.id and t.environment = accounts.active_environment), 0)`.as(
        'raised',
      ),
    ])
    .where('links.ref', '=', ref)
    .executeTakeFirst();
}
export type PublicLinkRecord = NonNullable<Awaited<ReturnType<typeof findPublicLink>>>;

export type NewCollection = Omit<Insertable<CollectionsTable>, 'extra_data'> & { extra_data: ExtraDataEntry[] };

export async function insertCollection(db: Kysely<Database>, values: NewCollection) {
  return db
    .insertInto('collections')
    .values({ ...values, extra_data: JSON.stringify(values.extra_data) })
    .onConflict((oc) => oc.columns(['link_id', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing())
    .returningAll()
    .executeTakeFirst();
}

export function findCollection(db: Kysely<Database> | Transaction<Database>, id: string) {
  return db.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByIdempotencyKey(db: Kysely<Database>, linkId: string, key: string) {
  return db
    .selectFrom('collections')
    .selectAll()
    .where('link_id', '=', linkId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

export type CollectionRecord = NonNullable<Awaited<ReturnType<typeof findCollection>>>;

/** A collection a merchant's server asks for through /v1 (decision 026): no link, no card, its own reference and metadata. */
export type NewApiCollection = Omit<NewCollection, 'link_id' | 'card_last4' | 'email' | 'extra_data' | 'metadata'> & {
  metadata: Record<string, string> | null;
};

/** Inserts an API collection; undefined when a concurrent request with the same Idempotency-Key already did. */
export function insertApiCollection(db: Kysely<Database>, values: NewApiCollection) {
  return db
    .insertInto('collections')
    .values({ ...values, extra_data: '[]', metadata: values.metadata && JSON.stringify(values.metadata) })
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'environment', 'idempotency_key'])
        .where((eb) => eb.and([eb('link_id', 'is', null), eb('idempotency_key', 'is not', null)]))
        .doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
}

/** The API collection an Idempotency-Key made in this account and environment. */
export function findApiCollectionByKey(
  db: Kysely<Database>,
  scope: { accountId: string; environment: Environment },
  key: string,
) {
  return db
    .selectFrom('collections')
    .selectAll()
    .where('account_id', '=', scope.accountId)
    .where('environment', '=', scope.environment)
    .where('link_id', 'is', null)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/**
 * Moves a pending collection to its outcome, a failed one with no fee; undefined when it is no longer pending (the
 * report was applied before).
 */
export function completePending(trx: Transaction<Database>, id: string, outcome: PaymentOutcome) {
  const { lateCheckAt } = outcome;
  return (
    trx
      .updateTable('collections')
      .set({
        status: outcome.status,
        status_message: outcome.message,
        // A failed collection takes no fee: the fee stored when it was asked for is what success would have kept.
        ...(outcome.status === 'failed' ? { fee: 0 } : {}),
        ...(outcome.providerReference ? { provider_reference: outcome.providerReference } : {}),
        ...(lateCheckAt && outcome.status === 'failed'
          ? {
              late_check_at: sql<Date | null>`case when provider <> 'simulator' then ${lateCheckAt.toISOString()}::timestamptz end`,
            }
          : {}),
        completed_at: outcome.completedAt ?? new Date(),
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      // Held for the operator (decision 040): nothing is applied to it, whoever reports.
      .where('provider_mismatch', 'is', null)
      .returningAll()
      // Whether the account sends SMS receipts, read with the row: a settled payment with no receipt to send (no e-mail,
      // no SMS) then writes no outbox row (subscribers.ts).
      .returning(
        sql<boolean>`(select a.sms_receipts from accounts a where a.id = collections.account_id)`.as('account_sms_receipts'),
      )
      .executeTakeFirst()
  );
}

export async function addToLinkTotal(trx: Transaction<Database>, linkId: string, environment: Environment, amount: number) {
  await trx
    .insertInto('link_totals')
    .values({ link_id: linkId, environment, successful_total: amount, successful_count: 1 })
    .onConflict((oc) =>
      oc.columns(['link_id', 'environment']).doUpdateSet({
        successful_total: sql`link_totals.successful_total + excluded.successful_total`,
        successful_count: sql`link_totals.successful_count + 1`,
      }),
    )
    .execute();
}

/**
 * Records what the provider said when it accepted a charge: its reference and, from the simulator, its decision and
 * when it falls due, or when a live provider is first asked. A live row leaves the outbox (lib/hand-over.ts): its
 * hand-over lease is cleared. Recorded once: a second hand-over of the same row (same reference) changes nothing.
 */
export function recordChargeAccepted(db: Kysely<Database>, id: string, accepted: ChargeAccepted, firstCheckAt: Date) {
  return db
    .updateTable('collections')
    .set({
      provider_reference: accepted.providerReference,
      simulated_outcome: accepted.simulated?.outcome ?? null,
      simulated_message: accepted.simulated?.message ?? null,
      settle_at: accepted.simulated ? accepted.simulated.settleAt : firstCheckAt,
      worker_next_attempt_at: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('provider_reference', 'is', null)
    .execute();
}

/** What a paid payment's page needs of its link: where to go next, and the product to download. */
export function findPaidLink(db: Kysely<Database>, linkId: string) {
  return db
    .selectFrom('links')
    .select(['kind', 'redirect_url', 'buyer_note', 'file'])
    .where('id', '=', linkId)
    .executeTakeFirst();
}

/** What a receipt names: the link, its merchant, and the product to download. */
export function findReceiptLink(db: Kysely<Database>, linkId: string) {
  return db
    .selectFrom('links')
    .innerJoin('accounts', 'accounts.id', 'links.account_id')
    .select(['links.title', 'links.kind', 'links.file', 'links.buyer_note', 'accounts.account_name'])
    .where('links.id', '=', linkId)
    .executeTakeFirst();
}

/** A payment with the product file of its link, for a signed download. */
export function findDownload(db: Kysely<Database>, collectionId: string) {
  return db
    .selectFrom('collections')
    .innerJoin('links', 'links.id', 'collections.link_id')
    .select(['collections.status', 'links.file', 'links.kind', 'links.account_id'])
    .where('collections.id', '=', collectionId)
    .executeTakeFirst();
}

/** The payment page of a collection, as it is now (the webhook event queued as it settles); null for an API collection. */
export async function findCollectionLink(db: Kysely<Database> | Transaction<Database>, linkId: string | null) {
  if (linkId === null) return null;
  const link = await db.selectFrom('links').select(['id', 'ref', 'kind', 'title']).where('id', '=', linkId).executeTakeFirst();
  return link ?? null;
}

/** The name of the account a payment is for: what the network may show the payer (MTN's payerMessage). */
export async function merchantNameOf(db: Kysely<Database>, accountId: string): Promise<string> {
  const row = await db.selectFrom('accounts').select('account_name').where('id', '=', accountId).executeTakeFirst();
  return row?.account_name ?? '';
}
